/**
 * The one notification catalogue (spec section 9): every type has its
 * audience, the page it opens, and its title and body in Arabic and English;
 * every move the kernel declares names types of the catalogue.
 */
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_CATALOGUE,
  NOTIFICATION_TYPES,
  notificationPage,
  ORDER_KINDS,
  ORDER_MACHINES,
  ORDER_PAGE,
  adminOrderPage,
} from '@pool/contracts';
import { hasKey, translate } from '@pool/i18n';

describe('the notification catalogue', () => {
  it('declares all 37 types of spec section 9 and the visit reminder, each with an audience and a target', () => {
    // ADR 0019 adds `visit_reminder`.
    expect(NOTIFICATION_TYPES).toHaveLength(38);
    expect(Object.keys(NOTIFICATION_CATALOGUE).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const type of NOTIFICATION_TYPES) {
      const { audience, target } = NOTIFICATION_CATALOGUE[type];
      expect(audience.length, type).toBeGreaterThan(0);
      expect(new Set(audience).size, type).toBe(audience.length);
      for (const a of audience) expect(['customer', 'admins', 'staff'], type).toContain(a);
      expect(['order', 'order_chat', 'rating', 'complaint', 'wallet', 'none'], type).toContain(target);
      // A target is a page that opens: with its order (or complaint) the type leads somewhere.
      const page = notificationPage(type, { order_id: 7, kind: 'immediate_maintenance', complaint_id: 3 });
      if (target === 'none') expect(page, type).toBeNull();
      else if (target === 'wallet') expect(page, type).toBe('/more/wallet');
      else expect(page, type).toMatch(/^\/[a-z_/]+(\/7|\/3|\?id=7)$/);
    }
  });

  it('has a title and a body of each type in both languages, Arabic written in Arabic', () => {
    for (const type of NOTIFICATION_TYPES) {
      for (const part of ['title', 'body']) {
        expect(hasKey('ar', `events.${type}_${part}`), `ar ${type} ${part}`).toBe(true);
        expect(hasKey('en', `events.${type}_${part}`), `en ${type} ${part}`).toBe(true);
        expect(translate('ar', `events.${type}_${part}`, { number: 'S1' })).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });

  it('names only catalogue types in the declared moves and starts', () => {
    const types = new Set<string>(NOTIFICATION_TYPES);
    for (const kind of ORDER_KINDS) {
      const { moves, start } = ORDER_MACHINES[kind];
      for (const t of [...(start.notify ?? []), start.notifyAdmins].filter(Boolean)) expect(types.has(t!)).toBe(true);
      for (const m of moves) {
        for (const t of [...(m.notify ?? []), m.notifyAdmins].filter(Boolean))
          expect(types.has(t!), `${kind} ${m.to}`).toBe(true);
      }
    }
  });

  it("sends each declared type to an audience of its own: the order's people, or the admins", () => {
    for (const kind of ORDER_KINDS) {
      const { moves, start } = ORDER_MACHINES[kind];
      for (const m of [...moves, start]) {
        for (const t of m.notify ?? []) {
          const { audience } = NOTIFICATION_CATALOGUE[t];
          expect(audience.includes('customer') || audience.includes('staff'), `${kind} ${t}`).toBe(true);
        }
        if (m.notifyAdmins) expect(NOTIFICATION_CATALOGUE[m.notifyAdmins].audience, kind).toContain('admins');
      }
    }
  });

  it("opens the dashboard's page of each kind for admins", () => {
    expect(ORDER_KINDS.map((kind) => adminOrderPage(kind, 5))).toEqual([
      '/admin/store-orders/5',
      '/admin/service-orders/5',
      '/admin/subscriptions/5',
      '/admin/service-orders/construction/5',
      '/admin/service-orders/5',
    ]);
  });

  it('opens the order page of its kind, its chat, its rating or nothing', () => {
    for (const kind of ORDER_KINDS) {
      expect(notificationPage('order_payed', { order_id: 5, kind })).toBe(`${ORDER_PAGE[kind]}/5`);
    }
    expect(notificationPage('new_message', { order_id: 5, kind: 'pool_construction' })).toBe(
      '/chat/chat_pool_construction?id=5',
    );
    expect(notificationPage('rate_employee', { order_id: 5, kind: 'immediate_maintenance' })).toBe(
      '/orders/evaluation/5',
    );
    expect(notificationPage('block', {})).toBeNull();
    expect(notificationPage('complaint_reply', { complaint_id: 3 })).toBe('/more/complaints_inquiries/3');
  });
});
