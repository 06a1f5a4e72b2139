/** Client-side checks with the same schemas and messages as the API (packages/contracts). */
import type { z } from 'zod';
import { issuesToFields } from './i18n.ts';
import type { Lang } from './lang.ts';

/** A Mantine `validate` function from a zod schema; messages in `lang`. */
export function schemaValidate(schema: z.ZodType, lang: Lang) {
  return (values: unknown) => {
    const result = schema.safeParse(values);
    return result.success ? {} : issuesToFields(lang, result.error.issues as never);
  };
}

/** Field errors of a 422 answer, ready for `form.setErrors`. */
export const answerFieldErrors = (answer: { status: number; data: unknown }) =>
  answer.status === 422 && answer.data && typeof answer.data === 'object'
    ? (answer.data as Record<string, string>)
    : {};
