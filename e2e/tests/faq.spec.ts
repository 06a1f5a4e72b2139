import { expect, test } from '@playwright/test';
import { adminPost, adminToken, clientIp, expectAccessible, open, reload, shot } from './support.ts';

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

type AdminFaq = {
  id: number;
  question_ar: string;
  question_en: string;
  answer_ar: string;
  answer_en: string;
  sort: number;
};

test('what the dashboard edits shows on the site; without questions, an empty state', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const remove = async (id: number) =>
    expect((await (await request.delete(`/api/admin/faqs/${id}`, { headers })).json()).key).toBe('success');

  // A new question, last by its sort, in both languages; deleted, it leaves the site.
  const added = await adminPost<AdminFaq>(request, '/faqs', {
    question_ar: 'هل تعالجون اخضرار ماء المسبح بعد الصيف؟',
    question_en: 'Do you treat green pool water after the summer?',
    answer_ar: 'نعم، يفحص الفني الماء ويعالجه بالكلور الصدمي ثم ينظف الفلتر، ويعود الماء صافياً خلال يومين عادةً.',
    answer_en:
      'Yes, the technician tests the water, shock-chlorinates it and cleans the filter; it is usually clear in two days.',
    sort: 99,
  });
  await open(page, '/more/faq');
  await expect(page.getByTestId('faq-list').getByRole('button').last()).toHaveText(
    'هل تعالجون اخضرار ماء المسبح بعد الصيف؟',
  );
  await open(page, '/en/more/faq');
  await expect(page.getByTestId('faq-list').getByRole('button').last()).toHaveText(
    'Do you treat green pool water after the summer?',
  );
  await remove(added.id);
  await reload(page);
  await expect(page.getByTestId('faq-list').getByRole('button')).toHaveText([...DEMO.en.questions]);

  // Every question deleted: the page says so, /more keeps its menu entry without the preview.
  const list = (await (await request.get('/api/admin/faqs', { headers })).json()).data.data as AdminFaq[];
  expect(list.map((f) => f.question_en)).toEqual([...DEMO.en.questions]);
  try {
    for (const f of list) await remove(f.id);
    for (const lang of ['ar', 'en'] as const) {
      await open(page, `${DEMO[lang].prefix}/more/faq`);
      await expect(page.getByTestId('faq-empty')).toHaveText(
        lang === 'ar' ? 'لا توجد أسئلة لعرضها حالياً.' : 'There are no questions to show yet.',
      );
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
      await shot(page, `faq-empty-${lang}`);
      await open(page, `${DEMO[lang].prefix}/more`);
      await expect(page.getByTestId('more-faq')).toBeVisible();
      await expect(page.getByTestId('more-faq-preview')).toHaveCount(0);
    }
  } finally {
    // The demo FAQ back, in its order, for the specs after this one.
    for (const { id: _id, ...f } of list) await adminPost(request, '/faqs', f);
  }
});
