import { Accordion, Text } from '@mantine/core';
import type { Faq } from './faq.ts';

/**
 * Questions and answers, one open at a time: each question is a button (aria-expanded) inside a
 * heading of `order`, its answer a region labelled by it (Mantine's Accordion).
 */
export function FaqAccordion({ faqs, order }: { faqs: Faq[]; order: 2 | 3 }) {
  return (
    <Accordion variant="separated" radius="lg" order={order} data-testid="faq-list">
      {faqs.map((f) => (
        <Accordion.Item key={f.id} value={String(f.id)} data-testid={`faq-${f.id}`}>
          <Accordion.Control fw={700}>{f.question}</Accordion.Control>
          <Accordion.Panel>
            <Text c="gray.8" style={{ whiteSpace: 'pre-line', lineHeight: 1.8 }}>
              {f.answer}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
