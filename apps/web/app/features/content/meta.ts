import type { MetaDescriptor } from 'react-router';
import { translate } from '../../lib/i18n.ts';
import { langFromPath } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';

/** `pageMeta` ("Page | Site name", root tags kept) with this page's own description. */
export function contentMeta(
  args: Parameters<typeof pageMeta>[0],
  titleKey: string,
  descriptionKey?: string,
): MetaDescriptor[] {
  const tags = pageMeta(args, titleKey);
  if (!descriptionKey) return tags;
  const content = translate(langFromPath(args.location.pathname), descriptionKey);
  return tags.map((d) => {
    if ('name' in d && d.name === 'description') return { name: 'description', content };
    if ('property' in d && d.property === 'og:description') return { property: 'og:description', content };
    return d;
  });
}
