import { siteAr, siteEn } from '@pool/i18n/site';
import { createTranslator } from '@pool/i18n/translator';
import { describe, expect, it } from 'vitest';
import { methodKey } from './method-key.ts';
import { reasonTitle } from './reason-title.ts';

const { translate } = createTranslator({ ar: siteAr, en: siteEn });

describe('the heading of an order’s reason', () => {
  it('names a refusal as one, and anything else a cancellation, in each language', () => {
    expect(translate('ar', reasonTitle('refused'))).toBe('سبب الرفض');
    expect(translate('en', reasonTitle('refused'))).toBe('Reason for refusal');
    expect(translate('ar', reasonTitle('cancelled'))).toBe('سبب الإلغاء');
    expect(translate('en', reasonTitle(undefined))).toBe('Cancellation reason');
  });
});

describe('how an order was paid', () => {
  it('says nothing was paid for a total of nothing, else the method, in each language', () => {
    expect(translate('ar', methodKey('wallet', 0))).toBe('لا شيء للدفع');
    expect(translate('en', methodKey('electronic', 0))).toBe('Nothing to pay');
    expect(translate('ar', methodKey('wallet', 100))).toBe('المحفظة');
    expect(translate('en', methodKey('wallet', 100))).toBe('Wallet');
  });
});
