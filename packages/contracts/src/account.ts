/** Sign-in, sign-up, profile and phone change (spec sections 3, 4 and 7). */
import { z } from 'zod';
import {
  countryCode,
  deviceType,
  optionalEmail,
  optionalIban,
  optionalText,
  otp,
  phone,
  requiredText,
} from './fields.ts';

export const country = z.object({
  id: z.number(),
  key: z.string().describe('calling code without +, e.g. 966'),
  iso: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});
export type Country = z.infer<typeof country>;

export const sendCodeBody = z.object({
  phone,
  country_code: countryCode,
  device_type: deviceType,
});
export type SendCodeBody = z.input<typeof sendCodeBody>;

export const codeSent = z.object({
  phone: z.string(),
  country_code: z.string(),
  resend_after: z.number().describe('seconds until a new code may be requested'),
  expires_in: z.number().describe('seconds until the code expires'),
});
export type CodeSent = z.infer<typeof codeSent>;

export const checkCodeBody = z.object({
  phone,
  country_code: countryCode,
  code: otp,
  device_type: deviceType,
  device_id: optionalText(4096).describe('push token of the device (FCM or web push)'),
});

export const user = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  country_code: z.string(),
  full_phone: z.string(),
  email: z.string().nullable(),
  image: z.string().nullable(),
  lang: z.enum(['ar', 'en']),
  is_notify: z.boolean(),
  tax_number: z.string().nullable(),
  commercial_record: z.string().nullable(),
  bank_account_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  iban: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  city_id: z.number().nullable(),
});
export type User = z.infer<typeof user>;

/** What a page's header shows, in one call: who is signed in (null: a visitor or guest), unread notifications, cart units. */
export const me = z.object({
  user: user.nullable(),
  notifications_count: z.number(),
  cart_count: z.number(),
});
export type Me = z.infer<typeof me>;

/** A successful sign-in: the whole object is what the site stores in the `auth` cookie. */
export const session = user.extend({
  token: z.string(),
  is_guest: z.literal(false),
});
export type Session = z.infer<typeof session>;

export const guestSession = z.object({ token: z.string(), is_guest: z.literal(true) });
export type GuestSession = z.infer<typeof guestSession>;

/** Answer of check-code for a verified number without an account (key `needCompleteInfo`). */
export const completeInfo = z.object({
  phone: z.string(),
  country_code: z.string(),
  registration_token: z.string().describe('proves the phone was verified; valid 15 minutes; send it with sign-up'),
});

const profileFields = {
  name: requiredText(3, 100),
  email: optionalEmail,
  tax_number: optionalText(30),
  commercial_record: optionalText(30),
  bank_account_name: optionalText(100),
  bank_name: optionalText(100),
  iban: optionalIban,
  bank_account_number: optionalText(34),
};

/** Multipart fields of sign-up; the `image` file part is checked by the upload pipeline. */
export const signUpBody = z.object({
  ...profileFields,
  phone,
  country_code: countryCode,
  device_type: deviceType,
  registration_token: optionalText(200),
});

export const updateProfileBody = z.object(profileFields);

export const guestLoginBody = z.object({ device_type: deviceType });

export const changePhoneSendBody = z.object({ phone, country_code: countryCode });
export const changePhoneCheckBody = z.object({ phone, country_code: countryCode, code: otp });

export const deviceQuery = z.object({
  device_id: requiredText(1, 4096),
  device_type: deviceType,
});
export const isNotify = z.object({ is_notify: z.boolean() });
