/**
 * The sandbox driver's hosted payment page: plain server-rendered HTML in the
 * payer's language (no script; the CSP nonce goes on the one style element).
 * Its methods in the order Saudi shoppers expect: the card form (mada's mark
 * first, then Visa and Mastercard), Apple Pay (simulated) and STC Pay (mobile,
 * then the one-time code); the test cards, the 3-D Secure step and the code
 * step. Card numbers, mobiles and codes are isolated left-to-right on Arabic pages.
 */
import { dirOf, type Lang } from '@pool/contracts';
import { translate } from '@pool/i18n';
import { cardBrand, type CardBrand } from '../../integrations/payments/card-brand.ts';
import {
  SANDBOX_APPLE_PAY_DECLINED,
  SANDBOX_CARDS,
  SANDBOX_STC_PAY,
  type SandboxPayment,
} from '../../integrations/payments/sandbox.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const sandboxMoney = (lang: Lang, halalas: number) =>
  new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', { style: 'currency', currency: 'SAR' }).format(
    halalas / 100,
  );

const grouped = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;background:#eef6f8;color:#1a2b33}
main{max-width:440px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:16px;box-shadow:0 4px 20px rgba(0,60,80,.08);padding:24px}
h1{font-size:1.35rem;margin:0 0 4px}.notice{background:#fff4d6;color:#5c4300;border-radius:10px;padding:10px 12px;font-size:.9rem;margin:12px 0}
.amount{font-size:2rem;font-weight:800;color:#0b7285;margin:8px 0 2px}.muted{color:#51616b;font-size:.95rem}
label{display:block;font-weight:600;margin:18px 0 6px}input{width:100%;font-size:1.15rem;padding:12px;border:1px solid #9fb3bd;border-radius:10px;letter-spacing:.06em}
input:focus{outline:3px solid #66d9e8;border-color:#0b7285}
button,.link{display:block;width:100%;text-align:center;font-size:1.05rem;font-weight:700;padding:13px;border-radius:10px;border:0;margin-top:14px;cursor:pointer;text-decoration:none}
.primary{background:#0b7285;color:#fff}.secondary{background:#e9ecef;color:#1a2b33}.danger{background:#fff;color:#c92a2a;border:1px solid #c92a2a}
.error{background:#fff5f5;color:#a51111;border-radius:10px;padding:10px 12px;margin-top:14px;font-weight:600}
table{width:100%;border-collapse:collapse;margin-top:8px;font-size:.92rem}td{padding:8px 4px;border-top:1px solid #e3eaee}
td.num{font-family:ui-monospace,Menlo,Consolas,monospace;white-space:nowrap}h2{font-size:1rem;margin:22px 0 4px}
.ltr{direction:ltr;unicode-bidi:isolate}input.ltr{text-align:left}
.method{border:1px solid #d5e1e6;border-radius:12px;padding:4px 16px 16px;margin-top:14px}
.method h2{display:flex;align-items:center;gap:8px;flex-wrap:wrap}
.marks{display:inline-flex;gap:6px}.mark{font-size:.75rem;font-weight:800;border-radius:6px;padding:2px 7px;border:1px solid #9fb3bd;background:#fff;direction:ltr}
.mark.mada{color:#1b5e20;border-color:#1b5e20}.mark.visa{color:#1a1f71;border-color:#1a1f71}.mark.mastercard{color:#b3261e;border-color:#b3261e}
.apple{background:#000;color:#fff}.stc{background:#4f008c;color:#fff}.test{font-size:.85rem;color:#51616b;margin:8px 0 0}
`;

function page(lang: Lang, nonce: string, title: string, body: string) {
  return `<!doctype html>
<html lang="${lang}" dir="${dirOf(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title>
<style nonce="${escape(nonce)}">${STYLE}</style></head>
<body><main><div class="card">${body}</div></main></body></html>`;
}

const t = (lang: Lang, key: string, params?: Record<string, unknown>) =>
  escape(translate(lang, `payments.${key}`, params));

/** The card brands' marks in the order shown: mada first (most Saudi cards), then Visa and Mastercard. */
export const CARD_MARKS: readonly CardBrand[] = ['mada', 'visa', 'mastercard'];
const mark = (lang: Lang, brand: CardBrand) =>
  `<span class="mark ${brand}" data-brand="${brand}">${t(lang, `brand_${brand}`)}</span>`;
/** A number read left to right inside Arabic text. */
const ltr = (text: string) => `<bdi class="ltr" dir="ltr">${escape(text)}</bdi>`;

/**
 * The methods; `error` is an i18n key under `payments.` shown in the method
 * it is about (`sandbox_mobile_invalid` under STC Pay, any other under the card).
 */
export function sandboxPayPage(lang: Lang, nonce: string, payment: SandboxPayment, error?: string) {
  // Only the card's button says type="submit" (the others submit by default): scripts that pay by card find one.
  const base = `/api/payments/sandbox/${encodeURIComponent(payment.id)}`;
  const action = (step = '') => escape(`${base}${step}?lang=${lang}`);
  const cards = (
    [
      [SANDBOX_CARDS.mada, 'sandbox_card_success'],
      [SANDBOX_CARDS.success, 'sandbox_card_success'],
      [SANDBOX_CARDS.failure, 'sandbox_card_failure'],
      [SANDBOX_CARDS.threeDs, 'sandbox_card_3ds'],
    ] as const
  )
    .map(
      ([card, key]) =>
        `<tr><td class="num" data-testid="sandbox-test-card">${ltr(grouped(card))}</td><td>${mark(lang, cardBrand(card)!)}</td><td>${t(lang, key)}</td></tr>`,
    )
    .join('');
  const mobileError = error === 'sandbox_mobile_invalid';
  const cardError = error && !mobileError ? error : undefined;
  const failedAttrs = (id: string, on: boolean) => (on ? ` aria-invalid="true" aria-describedby="${id}"` : '');
  const amount = sandboxMoney(lang, payment.amount);
  return page(
    lang,
    nonce,
    translate(lang, 'payments.sandbox_title'),
    `<h1>${t(lang, 'sandbox_title')}</h1>
<p class="notice" role="note">${t(lang, 'sandbox_notice')}</p>
<div class="amount" data-testid="sandbox-amount"><bdi>${escape(amount)}</bdi></div>
<div class="muted">${escape(payment.description)}</div>
<section class="method" data-testid="sandbox-method" data-method="card" aria-labelledby="m-card">
<h2 id="m-card">${t(lang, 'method_card')} <span class="marks">${CARD_MARKS.map((b) => mark(lang, b)).join('')}</span></h2>
<form method="post" action="${action()}" novalidate>
<label for="card">${t(lang, 'sandbox_card_number')}</label>
<input id="card" name="card" class="ltr" inputmode="numeric" autocomplete="cc-number" dir="ltr" maxlength="23" required
 placeholder="4201 3201 1111 1010"${failedAttrs('card-error', Boolean(cardError))}${error ? '' : ' autofocus'}>
${cardError ? `<p class="error" id="card-error" role="alert">${t(lang, cardError)}</p>` : ''}
<button class="primary" type="submit">${t(lang, 'sandbox_pay', { amount })}</button>
</form>
</section>
<section class="method" data-testid="sandbox-method" data-method="applepay" aria-labelledby="m-apple">
<h2 id="m-apple">${t(lang, 'method_applepay')}</h2>
<form method="post" action="${action('/applepay')}">
<button class="apple" name="token" value="sandbox-approved">${t(lang, 'sandbox_applepay_pay', { amount })}</button>
<button class="secondary" name="token" value="${SANDBOX_APPLE_PAY_DECLINED}">${t(lang, 'sandbox_applepay_decline')}</button>
</form>
</section>
<section class="method" data-testid="sandbox-method" data-method="stcpay" aria-labelledby="m-stc">
<h2 id="m-stc">${t(lang, 'method_stcpay')}</h2>
<form method="post" action="${action('/stcpay')}" novalidate>
<label for="mobile">${t(lang, 'stcpay_mobile')}</label>
<input id="mobile" name="mobile" class="ltr" dir="ltr" inputmode="tel" autocomplete="tel-national" maxlength="14" required
 placeholder="05XXXXXXXX"${failedAttrs('mobile-error', mobileError)}${mobileError ? ' autofocus' : ''}>
${mobileError ? `<p class="error" id="mobile-error" role="alert">${t(lang, 'sandbox_mobile_invalid')}</p>` : ''}
<button class="stc">${t(lang, 'stcpay_send_code')}</button>
<p class="test">${t(lang, 'sandbox_stcpay_test', { mobile: SANDBOX_STC_PAY.unregistered })}</p>
</form>
</section>
<a class="link secondary" href="${escape(payment.callbackUrl)}">${t(lang, 'sandbox_cancel')}</a>
<h2>${t(lang, 'sandbox_cards_title')}</h2>
<table>${cards}</table>`,
  );
}

/** STC Pay's code step: the code sent to the mobile, then paid or failed (a wrong code fails, as at STC Pay). */
export function sandboxOtpPage(lang: Lang, nonce: string, payment: SandboxPayment) {
  const action = `/api/payments/sandbox/${encodeURIComponent(payment.id)}/otp?lang=${lang}`;
  return page(
    lang,
    nonce,
    translate(lang, 'payments.stcpay_code_title'),
    `<h1>${t(lang, 'stcpay_code_title')}</h1>
<p class="notice" role="note">${t(lang, 'sandbox_notice')}</p>
<p>${t(lang, 'stcpay_code_sent_to', { mobile: '\u0000' }).replace('\u0000', ltr(payment.awaitingOtp ?? ''))}</p>
<form method="post" action="${escape(action)}" novalidate>
<label for="code">${t(lang, 'stcpay_code')}</label>
<input id="code" name="code" class="ltr" dir="ltr" inputmode="numeric" autocomplete="one-time-code" maxlength="8" required autofocus>
<button class="stc" type="submit">${t(lang, 'stcpay_confirm', { amount: sandboxMoney(lang, payment.amount) })}</button>
<p class="test">${t(lang, 'sandbox_stcpay_codes', { paid: SANDBOX_STC_PAY.paidCode, insufficient: SANDBOX_STC_PAY.insufficientCode })}</p>
</form>`,
  );
}

/** The 3-D Secure step: confirm or fail. */
export function sandbox3dsPage(lang: Lang, nonce: string, payment: SandboxPayment) {
  const action = `/api/payments/sandbox/${encodeURIComponent(payment.id)}/3ds?lang=${lang}`;
  return page(
    lang,
    nonce,
    translate(lang, 'payments.sandbox_3ds_title'),
    `<h1>${t(lang, 'sandbox_3ds_title')}</h1>
<p class="notice" role="note">${t(lang, 'sandbox_notice')}</p>
<p>${t(lang, 'sandbox_3ds_text', { amount: sandboxMoney(lang, payment.amount) })}</p>
<form method="post" action="${escape(action)}">
<button class="primary" type="submit" name="result" value="ok">${t(lang, 'sandbox_3ds_confirm')}</button>
<button class="danger" type="submit" name="result" value="fail">${t(lang, 'sandbox_3ds_fail')}</button>
</form>`,
  );
}

/** A payment that can no longer be paid here. */
export function sandboxClosedPage(lang: Lang, nonce: string, backUrl: string | null) {
  return page(
    lang,
    nonce,
    translate(lang, 'payments.sandbox_title'),
    `<h1>${t(lang, 'sandbox_title')}</h1><p class="error" role="alert">${t(lang, 'sandbox_closed')}</p>
${backUrl ? `<a class="link primary" href="${escape(backUrl)}">${t(lang, 'sandbox_back')}</a>` : ''}`,
  );
}
