/**
 * Dashboard pool finish colours: the list (swatch and code, names, picture, extra per m², sort, the
 * "shown" switch) with search, add and edit in a drawer (an optional picture uploaded with the
 * form), delete with confirmation (refused while orders use the colour).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminColour } from '@pool/contracts/construction-admin';
import type { Route } from './+types/colours';
import { formatMoney } from '../../../lib/format.ts';
import { adminApi, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import type { Column } from '../../../features/admin/data-table.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { catalogueAction } from '../../../features/admin/construction/catalogue-action.server.ts';
import { CatalogueScreen } from '../../../features/admin/construction/catalogue-screen.tsx';
import { Names, Swatch, Thumb } from '../../../features/admin/construction/cells.tsx';
import { ColourForm } from '../../../features/admin/construction/colour-form.tsx';
import { colourToggled } from '../../../features/admin/construction/values.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'construction-admin.colours_title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return { list: await readWithUrl(api, '/api/admin/construction/colours', request, ['q', 'page']) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return catalogueAction(await adminApi(context, request), '/api/admin/construction/colours/{id}', request);
}

export default function ColoursPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns: Column<AdminColour>[] = [
    {
      key: 'colour',
      label: t('construction-admin.col_colour'),
      render: (c) => <Swatch hex={c.hex} label={t('construction-admin.swatch_of', { name: c.name_ar })} />,
    },
    {
      key: 'name',
      label: t('construction-admin.col_name'),
      render: (c) => <Names ar={c.name_ar} en={c.name_en} testId="colour-row-name" />,
    },
    {
      key: 'image',
      label: t('construction-admin.col_picture'),
      render: (c) => <Thumb src={c.image} alt={c.name_ar} />,
    },
    {
      key: 'extra',
      label: t('construction-admin.col_extra'),
      render: (c) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid="colour-row-extra">
          {c.extra_m2 ? formatMoney('ar', c.extra_m2) : t('construction-admin.no_extra')}
        </Text>
      ),
    },
  ];
  return (
    <CatalogueScreen
      texts={{
        title: 'construction-admin.colours_title',
        about: 'construction-admin.colours_about',
        add: 'construction-admin.colours_add',
        edit: 'construction-admin.colours_edit',
        deleteQ: 'construction-admin.colour_delete_q',
      }}
      testId="colour"
      list={loaderData.list}
      columns={columns}
      toggled={colourToggled}
      Form={ColourForm}
    />
  );
}
