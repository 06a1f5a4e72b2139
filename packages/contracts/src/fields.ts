/**
 * Field schemas shared by the API and the site (spec section 5).
 * A message is an i18n key under `validation.`; the server and the site
 * translate it with the issue's parameters (minimum, maximum).
 */
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import { z } from 'zod';
import { DB_INT_MAX } from './constants.ts';
import { toLatinDigits } from './languages.ts';

// Defined in the zod-free constants.ts, so a page that needs the number alone does not load zod.
export { DB_INT_MAX };
/** The largest price or amount an admin may enter (halalas): 10 million riyals, well inside `integer`. */
export const MAX_PRICE = 1_000_000_000;

export const V = {
  required: 'validation.required',
  digitsOnly: 'validation.digits_only',
  phone: 'validation.phone',
  otp: 'validation.otp',
  email: 'validation.email',
  iban: 'validation.iban',
  url: 'validation.url',
  minChars: 'validation.min_chars',
  maxChars: 'validation.max_chars',
  minDigits: 'validation.min_digits',
  maxDigits: 'validation.max_digits',
  password: 'validation.password_min',
  passwordLogin: 'validation.password_login_min',
  passwordMismatch: 'validation.password_mismatch',
  image: 'validation.image',
  imageTooLarge: 'validation.image_too_large',
  invalid: 'validation.invalid',
} as const;

/** A required trimmed string; `''` counts as missing. */
export const requiredText = (min = 1, max = 255) =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .min(min, { error: V.minChars })
    .max(max, { error: V.maxChars });

/** An optional text: `''` and missing both become `undefined`. */
export const optionalText = (max = 255) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, { error: V.maxChars }).optional(),
  );

/** National number: digits only (Arabic ones read as 0-9), 9 to 10 digits; a leading 0 is kept as typed. */
export const phone = z
  .string({ error: V.required })
  .trim()
  .overwrite(toLatinDigits)
  .min(1, { error: V.required })
  .regex(/^\d+$/, { error: V.digitsOnly })
  .regex(/^\d{9,10}$/, { error: V.phone });

/** Country calling code without `+`, e.g. `966`. */
export const countryCode = z
  .string({ error: V.required })
  .trim()
  .transform((v) => v.replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{1,4}$/, { error: V.invalid }))
  .default('966');

export const otp = z
  .string({ error: V.otp })
  .trim()
  .overwrite(toLatinDigits)
  .regex(/^\d{4}$/, { error: V.otp });

const ALLOWED_EMAIL_TLDS = ['.com', '.org', '.net'];
export const isAllowedEmail = (v: string) =>
  z.email().safeParse(v).success && ALLOWED_EMAIL_TLDS.some((tld) => v.toLowerCase().endsWith(tld));

export const email = z
  .string({ error: V.required })
  .trim()
  .toLowerCase()
  .min(1, { error: V.required })
  .max(190, { error: V.maxChars })
  .refine(isAllowedEmail, { error: V.email });

export const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  email.optional(),
);

export const normalizeIban = (v: string) => electronicFormatIBAN(v) ?? v.replace(/\s+/g, '').toUpperCase();
export const isIban = (v: string) => isValidIBAN(normalizeIban(v));

export const optionalIban = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().transform(normalizeIban).refine(isValidIBAN, { error: V.iban }).optional(),
);

export const url = z.url({ error: V.url, protocol: /^https?$/ });

export const adminPassword = z
  .string({ error: V.required })
  .min(1, { error: V.required })
  .min(8, { error: V.passwordLogin })
  .max(200, { error: V.maxChars });

export const DEVICE_TYPES = ['web', 'android', 'ios'] as const;
export const deviceType = z.enum(DEVICE_TYPES, { error: V.invalid }).default('web');

/** Form bodies send booleans as strings. */
export const boolish = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

export const idParam = z.object({ id: z.coerce.number({ error: V.invalid }).int().positive().max(DB_INT_MAX) });

/** Form fields arrive as strings; `''` means "no filter". */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const optionalId = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: V.invalid })
    .int({ error: V.invalid })
    .positive({ error: V.invalid })
    .max(DB_INT_MAX, { error: V.invalid })
    .optional(),
);
export const requiredId = z.coerce
  .number({ error: V.required })
  .int({ error: V.invalid })
  .positive({ error: V.invalid })
  .max(DB_INT_MAX, { error: V.invalid });

/** An integer sent as a number or as form text; `''` counts as missing. */
export const formInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? V.required : V.invalid) })
      .int({ error: V.invalid })
      .min(min, { error: V.invalid })
      .max(max, { error: V.invalid }),
  );

/** An ISO date or date-time filter (`2025-01-31` or `2025-01-31T10:00:00Z`); `''` is no filter. */
export const dateFilter = z.preprocess(
  blankToUndefined,
  z
    .string({ error: V.invalid })
    .max(40, { error: V.invalid })
    .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: V.invalid,
    })
    .optional(),
);
