import { describe, expect, it } from 'vitest';
import { dashboardAr } from './dashboard.ts';
import { siteAr } from './site.ts';
import { staffSiteAr } from './staff-site.ts';
import { translate } from './translate.ts';

type Tree = { [k: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : entries(v, `${prefix}${k}.`),
  );

/**
 * Values that are Latin letters and digits (an order or subscription number `M2611-00003`,
 * a code, an id, a SKU, a path): inside an Arabic sentence each sits in a left-to-right
 * isolate (U+2066 … U+2069), or its hyphen and neighbouring punctuation reorder.
 * The API's notification texts (events.*) get the isolate from the server, which
 * interpolates the number already isolated (orders/kernel/notify.ts `notificationText`);
 * a phone number comes isolated from `displayPhone`.
 */
const LATIN_VALUE = /\{\{(number|id|code|sku|path)\}\}/g;

describe('Arabic texts of the web', () => {
  const texts = entries({ ...siteAr, ...dashboardAr, ...staffSiteAr } as unknown as Tree);

  it('isolate every interpolated number, code, id, SKU or path left-to-right', () => {
    const bare = texts.flatMap(([key, text]) =>
      [...text.matchAll(LATIN_VALUE)]
        .filter((m) => text[m.index - 1] !== '\u2066' || text[m.index + m[0].length] !== '\u2069')
        .map((m) => `${key}: ${m[0]}`),
    );
    expect(bare).toEqual([]);
  });

  it('covers the order numbers of chat, operations, orders and wallet (the scan sees them)', () => {
    const scanned = texts.filter(([, text]) => text.match(LATIN_VALUE)).map(([key]) => key);
    expect(scanned).toEqual(
      expect.arrayContaining([
        'chat.title_of_order',
        'maintenance-site.cancel_question',
        'maintenance-site.rate_intro',
        'operations.order_title',
        'operations.assign_q',
        'orders.ui_cancel_question',
        'orders.ui_move_q',
        'wallet.order_ref',
      ]),
    );
  });

  it('render the number whole between the isolates', () => {
    expect(translate('ar', 'chat.title_of_order', { number: 'M2611-00003' })).toBe(
      'محادثة الطلب \u2066M2611-00003\u2069',
    );
    expect(translate('ar', 'operations.assign_q', { number: 'M2611-00003', name: 'خالد' })).toBe(
      'إسناد الطلب \u2066M2611-00003\u2069 إلى خالد؟',
    );
    // English needs no isolate.
    expect(translate('en', 'chat.title_of_order', { number: 'M2611-00003' })).toBe('Chat on order M2611-00003');
  });
});
