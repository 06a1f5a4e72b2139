/**
 * Turns schema issues (zod's shape) into `{ field: message }` in one language.
 * Shared by the API's 422 answers and the site's forms, so both say the same;
 * each over its own translator (the server's every area, a page's its loaded ones).
 */
import type { Lang, Translator } from './translator.ts';

type Issue = {
  code?: string;
  message?: string;
  path?: PropertyKey[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  expected?: string;
};

export type IssueMessages = {
  issueMessage(lang: Lang, issue: Issue): string;
  /** The first message of each field, keyed by field path. */
  issuesToFields(lang: Lang, issues: Issue[]): Record<string, string>;
};

export function issueMessages({ translate, hasKey }: Pick<Translator, 'translate' | 'hasKey'>): IssueMessages {
  const issueMessage = (lang: Lang, issue: Issue): string => {
    const params = { min: Number(issue.minimum ?? 0), max: Number(issue.maximum ?? 0) };
    if (issue.message?.startsWith('validation.')) return translate(lang, issue.message, params);
    // An area's own message key (e.g. `catalogue.sku_format`) set in a schema.
    if (issue.message && /^[a-z_]+\.[a-z_]+$/.test(issue.message) && hasKey(lang, issue.message))
      return translate(lang, issue.message, params);
    switch (issue.code) {
      case 'invalid_type':
        return translate(
          lang,
          /received undefined/.test(issue.message ?? '') ? 'validation.required' : 'validation.invalid',
        );
      case 'too_small':
        return issue.origin === 'string' && params.min <= 1
          ? translate(lang, 'validation.required')
          : translate(lang, issue.origin === 'string' ? 'validation.min_chars' : 'validation.invalid', params);
      case 'too_big':
        return translate(lang, issue.origin === 'string' ? 'validation.max_chars' : 'validation.invalid', params);
      case 'invalid_format':
        if (issue.format === 'email') return translate(lang, 'validation.email');
        if (issue.format === 'url') return translate(lang, 'validation.url');
        return translate(lang, 'validation.invalid');
      default:
        return translate(lang, 'validation.invalid');
    }
  };
  const issuesToFields = (lang: Lang, issues: Issue[]): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const issue of issues) {
      const name = fieldName(issue.path);
      out[name] ??= issueMessage(lang, issue);
    }
    return out;
  };
  return { issueMessage, issuesToFields };
}

export function fieldName(path: PropertyKey[] | undefined): string {
  return (path ?? []).map(String).join('.') || '_';
}
