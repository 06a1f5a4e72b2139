/**
 * The sandbox driver's hosted payment page: plain server-rendered HTML in the
 * payer's language (no script; the CSP nonce goes on the one style element),
 * with the test cards, a card form and the 3-D Secure step.
 */
import { dirOf, type Lang } from '@pool/contracts';
import { translate } from '@pool/i18n';
import { SANDBOX_CARDS, type SandboxPayment } from '../../integrations/payments/sandbox.ts';

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

/** The card form; `error` is an i18n key under `payments.` shown above the button. */
export function sandboxPayPage(lang: Lang, nonce: string, payment: SandboxPayment, error?: string) {
  const action = `/api/payments/sandbox/${encodeURIComponent(payment.id)}?lang=${lang}`;
  const cards = (
    [
      [SANDBOX_CARDS.success, 'sandbox_card_success'],
      [SANDBOX_CARDS.failure, 'sandbox_card_failure'],
      [SANDBOX_CARDS.threeDs, 'sandbox_card_3ds'],
    ] as const
  )
    .map(([card, key]) => `<tr><td class="num" dir="ltr">${grouped(card)}</td><td>${t(lang, key)}</td></tr>`)
    .join('');
  return page(
    lang,
    nonce,
    translate(lang, 'payments.sandbox_title'),
    `<h1>${t(lang, 'sandbox_title')}</h1>
<p class="notice" role="note">${t(lang, 'sandbox_notice')}</p>
<div class="amount" data-testid="sandbox-amount"><bdi>${escape(sandboxMoney(lang, payment.amount))}</bdi></div>
<div class="muted">${escape(payment.description)}</div>
<form method="post" action="${escape(action)}" novalidate>
<label for="card">${t(lang, 'sandbox_card_number')}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" dir="ltr" maxlength="23" required
 placeholder="4111 1111 1111 1111"${error ? ' aria-invalid="true" aria-describedby="card-error"' : ''} autofocus>
${error ? `<p class="error" id="card-error" role="alert">${t(lang, error)}</p>` : ''}
<button class="primary" type="submit">${t(lang, 'sandbox_pay', { amount: sandboxMoney(lang, payment.amount) })}</button>
</form>
<a class="link secondary" href="${escape(payment.callbackUrl)}">${t(lang, 'sandbox_cancel')}</a>
<h2>${t(lang, 'sandbox_cards_title')}</h2>
<table>${cards}</table>`,
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
