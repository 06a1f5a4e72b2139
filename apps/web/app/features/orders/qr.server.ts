/** The invoice's ZATCA QR (the base64 TLV text itself is what the code holds) as a PNG data URL, made on the server. */
import QRCode from 'qrcode';

export const qrDataUrl = (tlvBase64: string) =>
  QRCode.toDataURL(tlvBase64, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
