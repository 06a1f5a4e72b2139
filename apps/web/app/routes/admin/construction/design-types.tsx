/**
 * Dashboard pool design types: the list (picture, names, shape, price factor, sort, the "shown"
 * switch) with search, add and edit in a drawer (the picture uploaded with the form), delete with
 * confirmation (refused while orders use the type).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminDesignType } from '@pool/contracts/construction-admin';
import type { Route } from './+types/design-types';
import { formatPercent } from '../../../lib/format.ts';
import { adminApi, readWithUrl } from '../../../features/admin/admin-api.server.ts';
import type { Column } from '../../../features/admin/data-table.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { catalogueAction } from '../../../features/admin/construction/catalogue-action.server.ts';
import { CatalogueScreen } from '../../../features/admin/construction/catalogue-screen.tsx';
import { Names, Thumb } from '../../../features/admin/construction/cells.tsx';
import { DesignTypeForm } from '../../../features/admin/construction/design-type-form.tsx';
import { designTypeToggled } from '../../../features/admin/construction/values.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'construction-admin.types_title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return { list: await readWithUrl(api, '/api/admin/construction/design-types', request, ['q', 'page']) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return catalogueAction(await adminApi(context, request), '/api/admin/construction/design-types/{id}', request);
}

export default function DesignTypesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns: Column<AdminDesignType>[] = [
    {
      key: 'image',
      label: t('construction-admin.col_picture'),
      render: (d) => <Thumb src={d.image} alt={d.name_ar} />,
    },
    {
      key: 'name',
      label: t('construction-admin.col_name'),
      render: (d) => <Names ar={d.name_ar} en={d.name_en} testId="design-type-row-name" />,
    },
    {
      key: 'shape',
      label: t('construction-admin.col_shape'),
      render: (d) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid="design-type-row-shape">
          {t(`construction-admin.shape_${d.shape}`)}
        </Text>
      ),
    },
    {
      key: 'factor',
      label: t('construction-admin.col_factor'),
      render: (d) => <span data-testid="design-type-row-factor">{formatPercent('ar', d.price_factor)}</span>,
    },
  ];
  return (
    <CatalogueScreen
      texts={{
        title: 'construction-admin.types_title',
        about: 'construction-admin.types_about',
        add: 'construction-admin.types_add',
        edit: 'construction-admin.types_edit',
        deleteQ: 'construction-admin.type_delete_q',
      }}
      testId="design-type"
      list={loaderData.list}
      columns={columns}
      toggled={designTypeToggled}
      Form={DesignTypeForm}
    />
  );
}
