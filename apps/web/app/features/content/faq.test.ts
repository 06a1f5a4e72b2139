import { describe, expect, it } from 'vitest';
import { faqJsonLd } from './faq.ts';
import { scriptJson } from '../../lib/script-json.ts';

describe('the FAQ structured data', () => {
  const url = 'https://masabeh.example/en/more/faq';

  it('is a schema.org FAQPage with one Question and its accepted Answer per entry, in order', () => {
    const ld = faqJsonLd(
      [
        { id: 7, question: 'Do the prices include VAT?', answer: 'Yes, all prices include VAT.' },
        { id: 3, question: 'How do I pay?', answer: 'By card or from your wallet.\nUnpaid orders are cancelled.' },
      ],
      url,
    );
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      url,
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Do the prices include VAT?',
          acceptedAnswer: { '@type': 'Answer', text: 'Yes, all prices include VAT.' },
        },
        {
          '@type': 'Question',
          name: 'How do I pay?',
          acceptedAnswer: { '@type': 'Answer', text: 'By card or from your wallet.\nUnpaid orders are cancelled.' },
        },
      ],
    });
  });

  it('is left out when there is no question (an empty FAQPage is invalid)', () => {
    expect(faqJsonLd([], url)).toBeNull();
  });

  it('cannot close its script tag, whatever an admin typed', () => {
    const ld = faqJsonLd([{ id: 1, question: '</script><script>alert(1)</script>', answer: 'a' }], url);
    const text = scriptJson(ld);
    expect(text).not.toContain('</script');
    expect(JSON.parse(text).mainEntity[0].name).toBe('</script><script>alert(1)</script>');
  });
});
