import type { MetaDescriptor } from 'react-router';

type MetaInput = { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };
import { translate } from './texts.ts';

/**
 * The dashboard's tags: "Page | Site name", not indexed. The root's canonical
 * and alternate-language links are left out: the dashboard is Arabic only.
 */
export function adminMeta({ matches }: MetaInput, titleKey: string): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root');
  const site =
    (root?.loaderData as { settings?: { site_name?: string } | null } | undefined)?.settings?.site_name ||
    translate('ar', 'common.app_name');
  return [
    { title: `${translate('ar', titleKey)} | ${site}` },
    { name: 'description', content: translate('ar', 'admin.login_meta_description') },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}
