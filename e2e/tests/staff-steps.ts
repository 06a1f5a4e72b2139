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
