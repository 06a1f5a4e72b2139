/** Water readings as typed on the phone: parsed (Arabic digits and a comma accepted) and levelled against their healthy ranges. */
import { READING_KEYS, readingLevel, type ReadingKey, type ReadingLevel } from '@pool/contracts/field-work';

export type ReadingDrafts = Record<ReadingKey, string>;

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** A typed reading as a number: `7,9` and `٧٫٩` read 7.9; blank or not a number is null. */
export function parseReading(text: string): number | null {
  const latin = text
    .trim()
    .replace(/[٠-٩]/g, (d) => String(ARABIC_DIGITS.indexOf(d)))
    .replace(/[٫,]/g, '.');
  if (latin === '' || !/^\d+(\.\d+)?$/.test(latin)) return null;
  return Number(latin);
}

/** A typed reading's level against its healthy range; null while blank or not a number. */
export function draftLevel(key: ReadingKey, text: string): ReadingLevel | null {
  const value = parseReading(text);
  return value === null ? null : readingLevel(key, value);
}

export const readingDrafts = (saved: Record<string, number> = {}): ReadingDrafts =>
  Object.fromEntries(
    READING_KEYS.map((k) => [k, typeof saved[k] === 'number' ? String(saved[k]) : '']),
  ) as ReadingDrafts;

/** The readings the API takes: numbers for those typed as numbers, the text itself for the server to refuse. */
export const readingsBody = (drafts: ReadingDrafts) =>
  Object.fromEntries(
    READING_KEYS.filter((k) => drafts[k].trim() !== '').map((k) => [k, parseReading(drafts[k]) ?? drafts[k]]),
  );
