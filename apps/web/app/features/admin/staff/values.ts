/**
 * The staff form's values and their way to the API: the form keeps every
 * weekday (switched on or off), the API gets the working days only
 * (`{ "0": { from, to }, … }`, 0 = Sunday, a day off absent) and the cities
 * as a comma list; checked with the API's own schema and messages.
 */
import { DEFAULT_COUNTRY_CODE } from '@pool/contracts/core';
import { staffBody, WEEKDAYS, type StaffItem, type WorkingHours } from '@pool/contracts/people';
import { translate } from '../texts.ts';
import { schemaValidate } from '../../../lib/forms.ts';

export type Day = { on: boolean; from: string; to: string };

export type StaffValues = {
  name: string;
  country_code: string;
  phone: string;
  job: string;
  city_ids: string[];
  /** Index = weekday (0 = Sunday), so the API's `working_hours.1.to` errors land on their field. */
  working_hours: Day[];
};

/** A new staff member works Sunday to Thursday, 08:00-17:00; a day switched on gets these times. */
const SHIFT = { from: '08:00', to: '17:00' };
const WORK_WEEK = new Set<string>(['0', '1', '2', '3', '4']);

export function initialValues(staff: StaffItem | null): StaffValues {
  return {
    name: staff?.name ?? '',
    country_code: staff?.country_code ?? DEFAULT_COUNTRY_CODE,
    phone: staff?.phone ?? '',
    job: staff?.job ?? '',
    city_ids: staff?.cities.map((c) => String(c.id)) ?? [],
    working_hours: WEEKDAYS.map((d) => {
      const shift = staff ? staff.working_hours[d] : WORK_WEEK.has(d) ? SHIFT : undefined;
      return shift ? { on: true, ...shift } : { on: false, ...SHIFT };
    }),
  };
}

const hoursOf = (days: Day[]): WorkingHours =>
  Object.fromEntries(days.flatMap((d, i) => (d.on ? [[String(i), { from: d.from, to: d.to }]] : [])));

const bodyOf = (v: StaffValues) => ({
  name: v.name.trim(),
  country_code: v.country_code,
  phone: v.phone.trim(),
  job: v.job,
  city_ids: v.city_ids.map(Number),
  working_hours: hoursOf(v.working_hours),
});

const checkBody = schemaValidate(staffBody, 'ar');
const required = () => translate('ar', 'validation.required');

/** The API's checks, with "required" where the schema would only say "invalid" (no job, an empty time). */
export function validateStaff(values: StaffValues): Record<string, string> {
  const errors = checkBody(bodyOf(values));
  if (!values.job) errors.job = required();
  values.working_hours.forEach((d, i) => {
    for (const end of ['from', 'to'] as const) {
      if (d.on && !d[end]) errors[`working_hours.${i}.${end}`] = required();
    }
  });
  return errors;
}

/** The multipart body: the fields, the cities as `1,2`, the hours as JSON, and the new photo if any. */
export function formDataOf(values: StaffValues, image: File | null): FormData {
  const body = bodyOf(values);
  const form = new FormData();
  form.append('name', body.name);
  form.append('country_code', body.country_code);
  form.append('phone', body.phone);
  form.append('job', body.job);
  form.append('city_ids', body.city_ids.join(','));
  form.append('working_hours', JSON.stringify(body.working_hours));
  if (image) form.append('image', image);
  return form;
}
