/**
 * A package visit's reminder the day before (ADR 0019), a step of the `packages-due` job:
 * `visit_reminder` to the customer 24 hours before the visit, with its day and time in Riyadh,
 * opening the visit; in the page and by push, in the customer's language; once under two
 * overlapping runs; again for a visit moved to another time; never for a visit booked within the
 * last 24 hours, taken back or finished.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import { tables } from '@pool/db';
import { riyadhDateTime, type SubscriptionView } from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { riyadhSlot } from '../maintenance/testing.ts';
import { runPackageJobs } from './jobs.ts';
import { remindVisits } from './reminders.ts';
import { api, ok, packagesWorld, subscriber, type PackagesWorld } from './testing.ts';

const HOUR = 3_600_000;

describe("a visit's reminder the day before", () => {
  let app: TestApp;
  let w: PackagesWorld;
  const n = tables.notifications;

  beforeAll(async () => {
    const vapid = webpush.generateVAPIDKeys();
    app = await buildTestApp({
      poolSize: 8,
      config: {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
      },
    });
    w = await packagesWorld(app);
  });
  afterAll(() => app.close());

  const reminders = (orderIds: number[]) =>
    app.db
      .select()
      .from(n)
      .where(and(eq(n.type, 'visit_reminder'), inArray(n.orderId, orderIds.length ? orderIds : [0])));
  const at = (v: { scheduled_at: string | null }) => new Date(v.scheduled_at!);
  /** Two runs of the job at once, `hoursAhead` from now. */
  const twice = (hoursAhead = 0) => {
    const now = new Date(Date.now() + hoursAhead * HOUR);
    return Promise.all([runPackageJobs(app, now), remindVisits(app, now)]);
  };

  it('reminds the customer once, 24 hours before, with the day and time, in the page and by push', async () => {
    const c = await subscriber(app, w, { when: [48, 96] });
    await app.db.update(tables.users).set({ lang: 'en' }).where(eq(tables.users.id, c.user.id));
    const [device] = await app.db
      .insert(tables.devices)
      .values({
        userId: c.user.id,
        deviceId: `https://push.example.com/${c.user.id}`,
        deviceType: 'web',
        pushKind: 'webpush',
        subscription: { endpoint: `https://push.example.com/${c.user.id}`, keys: { p256dh: 'k', auth: 'a' } },
      })
      .returning();
    const [first, second] = c.subscription.visits;
    const ids = [first!.id, second!.id];

    // More than a day before: nothing yet.
    await twice(47 - 24.5);
    expect(await reminders(ids)).toEqual([]);
    // Within the day before, the first visit only, once however many runs.
    await twice(25);
    await twice(26);
    const sent = await reminders(ids);
    expect(sent).toHaveLength(1);
    const { date, time } = riyadhDateTime(at(first!));
    const day = Number(date.slice(8));
    expect(sent[0]).toMatchObject({
      userId: c.user.id,
      orderId: first!.id,
      titleEn: 'Your maintenance visit is coming',
      link: `/order-details?id=${first!.id}`,
    });
    expect(sent[0]!.bodyEn).toContain(first!.number);
    expect(sent[0]!.bodyEn).toContain(`${day} `);
    expect(sent[0]!.bodyEn).toContain(`at ${time} (Riyadh time)`);
    expect(sent[0]!.bodyAr).toContain(`الساعة ${time} بتوقيت الرياض`);
    expect(sent[0]!.bodyAr).toMatch(/يوم [\u0600-\u06FF]+ /);
    // Its push went to the customer's device, in English (the customer's language).
    const pushes = await app.db.select().from(tables.pushOutbox).where(eq(tables.pushOutbox.deviceId, device!.id));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({ type: 'visit_reminder', title: 'Your maintenance visit is coming' });

    // The second visit's day comes later.
    await twice(73);
    expect((await reminders(ids)).map((r) => r.orderId).sort()).toEqual(ids.sort());
  });

  it('reminds again of a visit moved to another time, not of one taken back or done', async () => {
    const c = await subscriber(app, w, { when: [48, 96] });
    const [first, second] = c.subscription.visits;
    await twice(25);
    expect(await reminders([first!.id])).toHaveLength(1);
    // Taken back (24 hours or more before it) and booked three days later.
    ok(await api(app, 'POST', `/package-visits/${first!.id}/cancel`, { token: c.token, lang: 'en' }));
    await twice(26);
    expect(await reminders([first!.id])).toHaveLength(1);
    const moved = ok<SubscriptionView>(
      await api(app, 'POST', `/package-visits/${first!.id}/schedule`, {
        token: c.token,
        lang: 'en',
        body: riyadhSlot(120),
      }),
    );
    const when = at(moved.visits.find((v) => v.id === first!.id)!);
    await twice((when.getTime() - Date.now()) / HOUR - 23);
    expect(await reminders([first!.id])).toHaveLength(2);
    // The second visit is done before its day: no reminder.
    await app.db.update(tables.orders).set({ status: 'done' }).where(eq(tables.orders.id, second!.id));
    await twice(73);
    expect(await reminders([second!.id])).toEqual([]);
  });

  it('does not remind of a visit booked within the last 24 hours', async () => {
    const c = await subscriber(app, w, { when: [10, 96] });
    const [soon] = c.subscription.visits;
    await twice(1);
    await twice(5);
    expect(await reminders([soon!.id])).toEqual([]);
  });
});
