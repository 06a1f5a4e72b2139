/**
 * The new-address dialog inside another page's form (the immediate-maintenance request, on a phone): its code
 * comes with the first opening, it takes an Arabic keyboard's digits, and saving it chooses the address without
 * checking the request's own fields. The short address's city list comes when that way is chosen.
 */
import { expect, test } from '@playwright/test';
import { clientIp, newPhone, open, shot, signUpByApi } from './support.ts';

test('a new address from the maintenance form, typed with Arabic digits, is saved and chosen', async ({ browser }) => {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    locale: 'ar-SA',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await signUpByApi(page, 'سارة', { phone: newPhone() });
  await open(page, '/Immediate_maintenance');
  await page.getByTestId('location-add-address').click();
  const form = page.getByTestId('address-form');
  await expect(form).toBeVisible();
  await form.getByTestId('address-city').click();
  await page.getByRole('option', { name: 'الرياض' }).click();
  await form.getByTestId('address-district').fill('الملقا');
  await form.getByTestId('address-street').fill('طريق الملك فهد');
  await form.getByTestId('address-building').fill('١٢٣٤');
  await form.getByTestId('address-postal').fill('١٣٥٢١');
  await shot(page, 'address-dialog-maintenance-ar-390');
  // The dialog fills the phone's screen; its buttons stay in sight while the form scrolls.
  const dialog = (await page.getByRole('dialog').boundingBox())!;
  expect(dialog.width).toBe(390);
  await form.getByTestId('address-city').scrollIntoViewIfNeeded();
  await expect(form.getByTestId('address-save')).toBeInViewport({ ratio: 1 });
  await form.getByTestId('address-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('location-address')).toHaveCount(1);
  await expect(page.getByTestId('location-address')).toBeChecked();
  // The request's own fields were not checked by the dialog's submit.
  await expect(page.getByText('هذا الحقل مطلوب')).toHaveCount(0);
  const saved = await (await page.request.get('/api/user/addresses', { headers: { 'x-pool-site': '1' } })).json();
  expect(saved.data).toMatchObject([{ building_number: '1234', postal_code: '13521', district: 'الملقا' }]);

  // The short address instead: its city, from a searchable list shown with that choice.
  await expect(page.getByTestId('location-city')).toHaveCount(0);
  await page.getByTestId('location-mode').getByText('العنوان المختصر').click();
  await page.getByTestId('location-city').click();
  await page.getByRole('option', { name: 'الرياض' }).click();
  await expect(page.getByTestId('location-city')).toHaveValue('الرياض');
  await expect(page.getByTestId('location-short-code')).toBeVisible();
  await context.close();
});
