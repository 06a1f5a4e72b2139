/**
 * The QR code of a simplified tax invoice (ZATCA, phase 1): five TLV fields,
 * each one byte of tag, one byte of length (of the UTF-8 value) and the value,
 * concatenated and base64-encoded.
 *   1 seller's name, 2 VAT registration number, 3 invoice time stamp (ISO 8601),
 *   4 invoice total with VAT, 5 VAT total (amounts in riyals with 2 decimals).
 */
export type ZatcaFields = {
  sellerName: string;
  vatNumber: string;
  timestamp: Date;
  /** Halalas. */
  totalWithVat: number;
  /** Halalas. */
  vat: number;
};

const riyals = (halalas: number) => (halalas / 100).toFixed(2);

/** One TLV field; a value longer than 255 bytes cannot be encoded in one length byte. */
function tlv(tag: number, value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > 255) throw new RangeError(`ZATCA field ${tag} is longer than 255 bytes`);
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
}

/** The time stamp without milliseconds: `2025-06-12T10:20:30Z`. */
export const zatcaTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function zatcaQr(f: ZatcaFields): string {
  return Buffer.concat([
    tlv(1, f.sellerName),
    tlv(2, f.vatNumber),
    tlv(3, zatcaTime(f.timestamp)),
    tlv(4, riyals(f.totalWithVat)),
    tlv(5, riyals(f.vat)),
  ]).toString('base64');
}
