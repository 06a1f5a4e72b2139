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
