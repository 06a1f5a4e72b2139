/**
 * The card's scheme from its number (the BIN, its first digits): mada before
 * Visa and Mastercard, since many mada cards are co-badged and start with 4 or
 * 5. The one list of mada BINs (SAMA's published ranges as Moyasar and the
 * Saudi gateways use them, plus Moyasar's mada test range 420132).
 */
export type CardBrand = 'mada' | 'visa' | 'mastercard';

/** Six-digit mada BINs (the eight-digit ones are matched on their full length). */
// prettier-ignore
export const MADA_BINS: readonly string[] = [
  '22337902', '22337986', '22402030',
  '242030', '403024', '406136', '406996', '407197', '407395', '407520', '409201', '410621', '410685', '410834',
  '412565', '417633', '419593', '420132', '421141', '422817', '422818', '422819', '428331', '428671', '428672',
  '428673', '431361', '432328', '434107', '439954', '440533', '440647', '440795', '442463', '445564', '446393',
  '446404', '446672', '455036', '455708', '457865', '457997', '458456', '462220', '468540', '468541', '468542',
  '468543', '474491', '483010', '483011', '483012', '484783', '486094', '486095', '486096', '489317', '489318',
  '489319', '493428', '504300', '508160', '513213', '520058', '521076', '524130', '524514', '524940', '529415',
  '529741', '530060', '530906', '531095', '531196', '532013', '535825', '535989', '536023', '537767', '539931',
  '543085', '543357', '549760', '554180', '555610', '557606', '558563', '558848', '585265', '588845', '588846',
  '588847', '588848', '588849', '588850', '588851', '588982', '588983', '589005', '589206', '604906', '605141',
  '636120', '968201', '968202', '968203', '968204', '968205', '968206', '968207', '968208', '968209', '968210',
  '968211',
];

const madaSet = new Set(MADA_BINS);

/** The brand of a card number (spaces and dashes ignored), or null when it is none we take. */
export function cardBrand(number: string): CardBrand | null {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return null;
  if (madaSet.has(digits.slice(0, 6)) || madaSet.has(digits.slice(0, 8))) return 'mada';
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  return null;
}
