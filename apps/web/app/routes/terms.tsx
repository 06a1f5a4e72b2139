import { useTranslation } from 'react-i18next';
import type { Route } from './+types/terms';
import { apiFor } from '../lib/api.server.ts';
import { loadContent } from '../features/content/load.server.ts';
import { contentMeta } from '../features/content/meta.ts';
import { RichSections } from '../features/content/rich-sections.tsx';

export const meta: Route.MetaFunction = (args) => contentMeta(args, 'pages.terms_title', 'pages.terms_description');

export async function loader({ request, context }: Route.LoaderArgs) {
  return { sections: await loadContent((await apiFor(context, request)).GET('/api/user/terms')) };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <RichSections
      title={t('pages.terms_title')}
      intro={t('pages.terms_description')}
      sections={loaderData.sections}
      numbered
    />
  );
}
