import { siteAr, siteEn } from '@pool/i18n/site';
import { createTranslator } from '@pool/i18n/translator';
import { describe, expect, it } from 'vitest';
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
