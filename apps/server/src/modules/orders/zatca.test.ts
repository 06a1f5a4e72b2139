/** The ZATCA QR encoder against hand-computed TLV bytes. */
import { describe, expect, it } from 'vitest';
import { zatcaQr, zatcaTime } from './zatca.ts';

describe('ZATCA QR (TLV, base64)', () => {
  it("encodes ZATCA's published example", () => {
    // Tag, length, value: 01 0C "Bobs Records" | 02 0F "310122393500003" | 03 14 "2022-04-25T15:30:00Z"
    // | 04 07 "1000.00" | 05 06 "150.00"
    const qr = zatcaQr({
      sellerName: 'Bobs Records',
      vatNumber: '310122393500003',
      timestamp: new Date('2022-04-25T15:30:00.000Z'),
      totalWithVat: 100_000,
      vat: 15_000,
    });
    expect(qr).toBe('AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==');
  });

  it('counts the length in UTF-8 bytes (Arabic names)', () => {
    const bytes = Buffer.from(
      zatcaQr({
        sellerName: 'مسابح',
        vatNumber: '310000000000003',
        timestamp: new Date('2025-01-31T21:05:09.123Z'),
        totalWithVat: 11_500,
        vat: 1500,
      }),
      'base64',
    );
    // "مسابح" is 5 letters of 2 bytes each: tag 1, length 10, then d9 85 d8 b3 d8 a7 d8 a8 d8 ad.
    expect(bytes.subarray(0, 12).toString('hex')).toBe('010ad985d8b3d8a7d8a8d8ad');
    expect(bytes.subarray(12, 29).toString('hex')).toBe(`020f${Buffer.from('310000000000003').toString('hex')}`);
    // The time stamp has no milliseconds; 115.00 with 15.00 VAT.
    const rest = bytes.subarray(29);
    expect(rest.toString('hex')).toBe(
      `0314${Buffer.from('2025-01-31T21:05:09Z').toString('hex')}0406${Buffer.from('115.00').toString('hex')}0505${Buffer.from('15.00').toString('hex')}`,
    );
    expect(zatcaTime(new Date('2025-01-31T21:05:09.123Z'))).toBe('2025-01-31T21:05:09Z');
  });

  it('refuses a value too long for one length byte', () => {
    expect(() =>
      zatcaQr({ sellerName: 'x'.repeat(256), vatNumber: '1', timestamp: new Date(), totalWithVat: 1, vat: 0 }),
    ).toThrow(RangeError);
  });
});
