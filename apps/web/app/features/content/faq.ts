/** The FAQ the dashboard edits (GET /api/user/faqs), in the page's language. */
export type Faq = { id: number; question: string; answer: string };

/** How many questions the "more" page shows before its "all questions" link. */
export const FAQ_PREVIEW = 3;

/** schema.org `FAQPage` of the FAQ page; none when there is no question. */
export function faqJsonLd(faqs: Faq[], url: string) {
  if (!faqs.length) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  };
}
