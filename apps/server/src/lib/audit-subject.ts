/**
 * The audit log's subjects (plugins/audit.ts stores a key, `<screen>.<action>`)
 * in the reader's language: the catalogue's `audit.<key>`, else "screen: action"
 * from the permission names. Rows written before keys hold English text: shown as stored.
 */
import { ALL_PERMISSIONS, type Lang } from '@pool/contracts';
import { catalogues, hasKey, translate } from '@pool/i18n';

const SUBJECT_KEY = /^[a-z_]+\.[a-z_]+$/;

/** A stored subject in `lang`: its catalogue entry, "screen: action" for a permission code, else the stored text. */
export function subjectText(lang: Lang, stored: string): string {
  if (!SUBJECT_KEY.test(stored)) return stored;
  if (hasKey(lang, `audit.${stored}`)) return translate(lang, `audit.${stored}`);
  const [screen, action] = stored.split('.') as [string, string];
  if (!hasKey(lang, `admin.group_${screen}`) || !hasKey(lang, `people.action_${action}`)) return stored;
  return translate(lang, 'audit.generic', {
    screen: translate(lang, `admin.group_${screen}`),
    action: translate(lang, `people.action_${action}`),
  });
}

type Tree = { [k: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)));
/** Every subject key the catalogue names, and every permission code. */
const KNOWN_SUBJECTS = [
  ...new Set([
    ...leaves(catalogues.en.audit as unknown as Tree).filter((k) => SUBJECT_KEY.test(k)),
    ...ALL_PERMISSIONS,
  ]),
];

/** The subject keys whose text in `lang` contains `q` (case-insensitive): the reports search looks for these too. */
export function subjectKeysMatching(lang: Lang, q: string): string[] {
  const needle = q.trim().toLocaleLowerCase(lang);
  if (!needle) return [];
  return KNOWN_SUBJECTS.filter((key) => subjectText(lang, key).toLocaleLowerCase(lang).includes(needle));
}
