import { useTranslation } from 'react-i18next';
import type { Route } from './+types/about';
import { apiFor } from '../lib/api.server.ts';
import { loadContent } from '../features/content/load.server.ts';
import { contentMeta } from '../features/content/meta.ts';
import { RichSections } from '../features/content/rich-sections.tsx';

export const meta: Route.MetaFunction = (args) => contentMeta(args, 'pages.about_title', 'pages.about_description');

export async function loader({ request, context }: Route.LoaderArgs) {
  return { sections: await loadContent((await apiFor(context, request)).GET('/api/user/about')) };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <RichSections title={t('pages.about_title')} intro={t('pages.about_description')} sections={loaderData.sections} />
  );
}
