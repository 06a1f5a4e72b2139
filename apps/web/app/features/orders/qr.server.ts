/**
 * The invoice's ZATCA QR (the base64 TLV text itself is what the code holds) as a PNG data URL, made on the server.
 * The QR library is loaded with the first invoice, not with every server process (ADR 0024, "Memory").
 */
export async function qrDataUrl(tlvBase64: string) {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(tlvBase64, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
}
