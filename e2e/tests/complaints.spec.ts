/**
 * Complaints and inquiries: a customer (Arabic, on a phone) files an inquiry and a complaint about
 * one of their orders with a picture; an admin takes the complaint in the dashboard's inbox,
 * answers it and promises a fix date; the customer reads the answer on the open page (live) and
 * closes it. Another customer's complaint is the 404 page. Screenshots of every new page at 390
 * and 1280 pixels in Arabic and English, and of the dashboard's inbox, complaint and month summary.
 */
import { expect, test, type Page } from '@playwright/test';
import { clientIp, expectAccessible, open, pickDay, riyadhDay, shot, signInAdmin, signUpByApi } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const TAG = Date.now() % 1_000_000;
const SITE = { 'x-pool-site': '1', lang: 'ar' };
/** An 8x8 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMQ6TmBFTEMLQkA/cZaASNtb0IAAAAASUVORK5CYII=',
  'base64',
);

/** An order of the customer to complain about: an immediate-maintenance request (API), a pin in Riyadh. */
async function anOrder(customer: Page) {
  const cities = (await (await customer.request.get('/api/user/cities', { headers: SITE })).json()).data as {
    id: number;
    name: string;
  }[];
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(Date.now() + 86_400_000);
  const body = await (
    await customer.request.post('/api/user/immediate-maintenance', {
      headers: SITE,
      data: {
        problem: `تسرب في المسبح ${TAG}`,
        place: 'الفناء الخلفي',
        date: tomorrow,
        time: '11:00',
        lat: 24.7136,
        lng: 46.6753,
        city_id: cities.find((c) => c.name === 'الرياض')!.id,
      },
    })
  ).json();
  expect(body.key, body.msg).toBe('success');
  return body.data as { id: number; number: string };
}

/** Both widths of a page: the phone first, then the desktop; back to the phone. */
async function shots(page: Page, name: string) {
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a customer files a complaint about an order and an inquiry; an admin answers; the customer reads the answer and closes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page, `ريم ${TAG}`);
  const order = await anOrder(page);

  // Nothing yet.
  await open(page, '/more/complaints_inquiries');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الشكاوى والاستفسارات');
  await expect(page.getByTestId('complaints-empty')).toBeVisible();
  await shots(page, 'complaints-empty-ar');

  // An inquiry: an empty message is refused at its field, in Arabic.
  await page.getByTestId('complaint-new').click();
  await expect(page.getByTestId('complaint-form')).toBeVisible();
  await page.getByTestId('complaint-submit').click();
  await expect(page.getByTestId('complaint-form').getByText('هذا الحقل مطلوب')).toBeVisible();
  await page.getByTestId('complaint-text').fill('هل توفرون عقود صيانة سنوية للمسابح الخاصة؟');
  await shots(page, 'complaint-new-ar');
  await page.getByTestId('complaint-submit').click();
  await expect(page).toHaveURL(/\/more\/complaints_inquiries\/\d+$/);
  const inquiryId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`استفسار رقم \u2066${inquiryId}\u2069`);
  await expect(page.getByTestId('order-status')).toHaveText('جديدة');
  await expect(page.getByTestId('complaint-waiting')).toBeVisible();

  // A complaint about the order, chosen from my orders, with a picture.
  await open(page, '/more/order_complaints_inquiries');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شكوى على طلب');
  await page.getByTestId('complaint-submit').click();
  await expect(page.getByTestId('complaint-orders')).toContainText('اختر الطلب');
  await page.getByTestId('complaint-order-option').filter({ hasText: order.number }).click();
  const text = 'حضر الفني متأخراً ساعتين ولم يصلح التسرب بالكامل.';
  await page.getByTestId('complaint-text').fill(text);
  await page.getByTestId('images-input').setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('image-thumb')).toHaveCount(1);
  await shots(page, 'complaint-order-ar');
  await page.getByTestId('complaint-submit').click();
  await expect(page).toHaveURL(/\/more\/complaints_inquiries\/\d+$/);
  const complaintId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`شكوى رقم \u2066${complaintId}\u2069`);
  await expect(page.getByTestId('complaint-order')).toContainText(order.number);
  await expect(page.getByTestId('complaint-message')).toContainText(text);
  await expect(page.getByTestId('complaint-images').getByRole('img')).toHaveCount(1);

  // The list: both, newest first, each with its state.
  await open(page, '/more/complaints_inquiries');
  await expect(page.getByTestId('complaint-card')).toHaveCount(2);
  await expect(page.getByTestId('complaint-card').first()).toContainText(order.number);
  await shots(page, 'complaints-ar');
  await expectAccessible(page);

  // The customer waits on the complaint's page.
  await open(page, `/more/complaints_inquiries/${complaintId}`);

  // The admin: the inbox, filtered to complaints about immediate maintenance; takes it, promises a date, answers.
  const admin = await browser.newPage({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  });
  await signInAdmin(admin);
  await expect(admin.getByTestId('month-complaints')).toContainText('شكاوى تنتظر الإدارة');
  await open(admin, '/admin/complaints?kind=complaint&order_kind=immediate_maintenance');
  const link = admin.getByTestId('complaint-link').filter({ hasText: `\u2066${complaintId}\u2069` });
  await expect(link).toHaveCount(1);
  await shot(admin, 'admin-complaints-1280');
  await link.click();
  await expect(admin).toHaveURL(new RegExp(`/admin/complaints/${complaintId}$`));
  await expect(admin.getByTestId('take-first')).toBeVisible();
  await admin.getByTestId('complaint-take').click();
  await expect(admin.getByTestId('order-status')).toHaveText('قيد المراجعة');
  // Each move shows on the customer's open page at once, also those that send no notification.
  await expect(page.getByTestId('order-status')).toHaveText('قيد المراجعة');
  // The promised day from the calendar of Riyadh days (not the browser's mm/dd/yyyy field): three days on.
  const soon = riyadhDay(3);
  await admin.getByTestId('complaint-promise-date').click();
  await pickDay(admin, soon.label('ar'), admin.getByRole('dialog', { name: 'موعد الإصلاح المتوقع' }));
  await expect(admin.getByTestId('complaint-promise-date')).toHaveText(soon.label('ar'));
  await admin.getByTestId('complaint-promise').click();
  await expect(admin.getByTestId('complaint-promise')).toBeDisabled();
  // One toast for the move: the handling part mounts again with the new date and toasted it a second time.
  await expect(admin.locator('.mantine-Notification-root').filter({ hasText: 'تم حفظ موعد الإصلاح' })).toHaveCount(1);
  await expect(page.getByTestId('complaint-promised')).toBeVisible();
  const answer = 'نعتذر عن التأخير، سيعود الفني لإكمال الإصلاح دون رسوم.';
  await admin.getByTestId('admin-complaint-reply').fill(answer);
  await admin.getByTestId('admin-complaint-send').click();
  await expect(admin.getByTestId('order-status')).toHaveText('تم الرد');
  await expect(admin.getByTestId('complaint-reply')).toContainText(answer);
  await shot(admin, 'admin-complaint-1280');
  await admin.setViewportSize({ width: 390, height: 844 });
  await shot(admin, 'admin-complaint-390');

  // The customer's open page shows the answer without reloading (the stream's complaint signal reloads its data).
  const reply = page.getByTestId('complaint-reply');
  await expect(reply).toContainText(answer, { timeout: 20_000 });
  await expect(reply).toContainText('إدارة مسابح');
  await expect(page.getByTestId('order-status')).toHaveText('تم الرد');
  await expect(page.getByTestId('complaint-promised')).toBeVisible();
  await shots(page, 'complaint-answered-ar');
  await expectAccessible(page);

  // The customer closes it after the answer.
  await page.getByTestId('complaint-close').click();
  await page.getByTestId('complaint-close-confirm').click();
  await expect(page.getByTestId('order-status')).toHaveText('مغلقة');
  await expect(page.getByTestId('complaint-closed')).toBeVisible();
  await expect(page.getByTestId('complaint-reply-text')).toHaveCount(0);

  // English pages.
  await open(page, `/en/more/complaints_inquiries/${complaintId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Complaint #${complaintId}`);
  await expect(page.getByTestId('complaint-reply')).toContainText('Masabeh management');
  await shots(page, 'complaint-closed-en');
  await open(page, '/en/more/complaints_inquiries');
  await expect(page.getByTestId('complaint-card').first()).toContainText('Closed');
  await shots(page, 'complaints-en');
  await open(page, '/en/more/order_complaints_inquiries');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A complaint about an order');
  await shots(page, 'complaint-order-en');
  await open(page, '/en/more/complaints_inquiries?new=1');
  await shots(page, 'complaint-new-en');

  // Another customer's complaint is the 404 page.
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });
  const stranger = await other.newPage();
  await signUpByApi(stranger, `غريب ${TAG}`);
  expect((await stranger.goto(`/more/complaints_inquiries/${complaintId}`))?.status()).toBe(404);
  await other.close();
  await admin.close();
});
