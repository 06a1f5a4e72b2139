import { ORDER_NUMBER_IN_TEXT } from '@pool/contracts/core';

/**
 * Text that reads left to right on any page (card numbers, IBANs, phone numbers, codes, order
 * numbers): isolated, so on an Arabic page its digits never reverse nor pull the words around it.
 * `displayPhone` (lib/format.ts) is the same for a phone inside a string.
 */
export function Ltr({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <bdi dir="ltr" data-testid={testId}>
      {children}
    </bdi>
  );
}

/**
 * A text from the server (a notification's words) with its order numbers kept whole and left to right: a line
 * broke `M2611-00042` at its hyphen.
 */
export function WithOrderNumbers({ text }: { text: string }) {
  return text.split(ORDER_NUMBER_IN_TEXT).map((part, i) =>
    i % 2 ? (
      <bdi key={i} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
        {part}
      </bdi>
    ) : (
      part
    ),
  );
}
