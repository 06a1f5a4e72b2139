/**
 * Steps of the staff view (/staff, /en/staff) for the end-to-end tests: signing a technician in by
 * mobile code, and the order page's next move with its confirmation.
 */
import { expect, type Page } from '@playwright/test';
import { codeFor, open } from './support.ts';

/** The sign-in pages: the number, then the code from the SMS outbox. */
export async function signIn(page: Page, phone: string, lang: 'en' | 'ar') {
  const prefix = lang === 'en' ? '/en' : '';
  await open(page, `${prefix}/staff`);
  await expect(page).toHaveURL(new RegExp(`${prefix}/staff/login$`));
  const sentAfter = Date.now();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('send-code').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/staff/code\\?`));
  const code = await codeFor(`966${phone}`, sentAfter - 1000);
  await page.locator('input[autocomplete="one-time-code"]').first().click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(new RegExp(`${prefix}/staff$`));
}

/** Taps the order page's big button and confirms (with the minutes to arrival when asked). */
export async function move(page: Page, expected: string, eta?: string) {
  await expect(page.getByTestId('next-move')).toHaveAttribute('data-move', expected);
  await page.getByTestId('next-move').click();
  const dialog = page.getByRole('dialog');
  if (eta) await dialog.getByTestId('eta-minutes').fill(eta);
  await dialog.getByTestId('confirm-move').click();
}

const riyadhClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Riyadh',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const riyadhAt = (at: number) => {
  const p = Object.fromEntries(riyadhClock.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
};

/**
 * A visit time the technician may go on the way to at once (within the 3 hours' lead): the first
 * half hour at least 45 minutes ahead in Riyadh, `{ date, time }`. Near midnight it is tomorrow's.
 */
export function soonSlot(now = Date.now()) {
  const halfHour = 30 * 60_000;
  // Riyadh is UTC+3 all year: UTC's half hours are its half hours.
  return riyadhAt(Math.ceil((now + 45 * 60_000) / halfHour) * halfHour);
}

/** The day switcher's choice showing Riyadh day `date` now: today or tomorrow. */
export const dayTabOf = (date: string): 'today' | 'tomorrow' =>
  date === riyadhAt(Date.now()).date ? 'today' : 'tomorrow';

/** Taps a view of the staff day page's switcher (`today`, `tomorrow`, `finished`), in any language. */
export const switchView = (page: Page, view: string) =>
  page.getByTestId('day-switch').locator(`label[for$="-${view}"]`).click();

/** Opens the day of `date` on the staff day page (its tab; today's is the page's own). */
export async function openDayOf(page: Page, date: string) {
  const tab = dayTabOf(date);
  await switchView(page, tab);
  await expect(page).toHaveURL(tab === 'tomorrow' ? /\/staff\?day=tomorrow$/ : /\/staff$/);
}
