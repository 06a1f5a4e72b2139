import { expect, test } from '@playwright/test';
import { clientIp, expectAccessible, open, shot } from './support.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

/** The demo FAQ (packages/db/src/seed-content.ts), in its order: the first three show on /more. */
const DEMO = {
  ar: {
    prefix: '',
    more: 'المزيد',
    title: 'الأسئلة الشائعة',
    all: 'كل الأسئلة',
    questions: [
      'كيف أطلب صيانة فورية لمسبحي؟',
      'ما الفرق بين الصيانة الفورية والصيانة الدورية؟',
      'هل الأسعار تشمل ضريبة القيمة المضافة؟',
      'كيف أدفع قيمة طلبي؟',
      'هل يمكنني إلغاء الطلب؟',
    ],
    answer: 'نعم، جميع الأسعار المعروضة بالريال السعودي وتشمل ضريبة القيمة المضافة.',
  },
  en: {
    prefix: '/en',
    more: 'More',
    title: 'Frequently asked questions',
    all: 'All questions',
    questions: [
      'How do I order immediate maintenance for my pool?',
      'What is the difference between immediate and scheduled maintenance?',
      'Do the prices include VAT?',
      'How do I pay for my order?',
      'Can I cancel an order?',
    ],
    answer: 'Yes, all prices are shown in Saudi riyals and include VAT.',
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  const d = DEMO[lang];

  test(`the FAQ on /more and on its own page, in ${lang}`, async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });

      // /more: a menu entry to the FAQ page and its first three questions, answers folded.
      await open(page, `${d.prefix}/more`);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const preview = page.getByTestId('more-faq-preview');
      await expect(preview.getByRole('heading', { name: d.title })).toBeVisible();
      const previewQuestions = preview.getByRole('button');
      await expect(previewQuestions).toHaveText(d.questions.slice(0, 3));
      await expect(previewQuestions.nth(2)).toHaveAttribute('aria-expanded', 'false');
      await expect(preview.getByText(d.answer)).toBeHidden();
      await previewQuestions.nth(2).click();
      await expect(previewQuestions.nth(2)).toHaveAttribute('aria-expanded', 'true');
      await expect(preview.getByRole('region', { name: d.questions[2] })).toHaveText(d.answer);
      await expect(page.getByTestId('more-faq')).toHaveAttribute('href', `${d.prefix}/more/faq`);
      await shot(page, `faq-more-${lang}-${width}`);
      if (width === 1280) await expectAccessible(page);

      // "All questions" opens the FAQ page: every question, one answer opened by the keyboard.
      await page.getByTestId('more-faq-all').click();
      await expect(page).toHaveURL(new RegExp(`${d.prefix}/more/faq$`));
      await expect(page).toHaveTitle(
        lang === 'ar' ? 'الأسئلة الشائعة | مسابح' : 'Frequently asked questions | Masabeh',
      );
      await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();
      const questions = page.getByTestId('faq-list').getByRole('button');
      await expect(questions).toHaveText([...d.questions]);
      await expect(page.getByRole('heading', { level: 2, name: d.questions[2] })).toBeVisible();
      await questions.nth(2).focus();
      await page.keyboard.press('Enter');
      await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('region', { name: d.questions[2] })).toHaveText(d.answer);
      await shot(page, `faq-${lang}-${width}`);
      if (width === 1280) await expectAccessible(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
}

test('the FAQ page is in the server-rendered HTML, with its FAQPage structured data', async ({ request }) => {
  for (const lang of ['ar', 'en'] as const) {
    const d = DEMO[lang];
    const html = await (await request.get(`${d.prefix}/more/faq`)).text();
    for (const q of d.questions) expect(html).toContain(q);
    const json = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)?.[1];
    const ld = JSON.parse(json!);
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.url).toMatch(new RegExp(`${d.prefix}/more/faq$`));
    expect(ld.mainEntity.map((e: { name: string }) => e.name)).toEqual([...d.questions]);
    expect(ld.mainEntity[2].acceptedAnswer).toEqual({ '@type': 'Answer', text: d.answer });
  }
});
