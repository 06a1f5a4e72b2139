/** Customer sign-in, sign-up, sessions, profile and phone change (under /api/user). */
import { z } from 'zod';
import {
  changePhoneCheckBody,
  changePhoneSendBody,
  checkCodeBody,
  codeSent,
  completeInfo,
  envelope,
  guestLoginBody,
  guestSession,
  me,
  sendCodeBody,
  session,
  signUpBody,
  updateProfileBody,
  user,
  type GuestSession,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { issueUserToken, originOf, revokeToken } from '../../lib/sessions.ts';
import { bearer } from '../../plugins/auth.ts';
import { cartOwnerOf, countItems } from '../cart/index.ts';
import { countUnread } from '../notifications/index.ts';
import { deleteImage, storeImage } from '../uploads/index.ts';
import { confirmPhoneChange, sendPhoneChangeCode } from './phone-change.ts';
import { normalizePhone } from './phones.ts';
import { deleteAccount, signUp, updateProfile } from './profile.ts';
import { checkLoginCode } from './sign-in.ts';
import { sendCode } from './sms-codes.ts';
import { toSession, toUser } from './user.ts';

const tags = ['account'];
const auth = [{ bearer: [] }];
const forms = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

export default async function accountRoutes(app: App) {
  for (const [url, summary] of [
    ['/send-code', 'Send a sign-in code by SMS'],
    ['/resend-code', 'Send a new sign-in code (voids the previous one)'],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary,
          description:
            'Same answer whether or not the number has an account. 429 within 60 s of the last code (data.retry_after).',
          body: sendCodeBody,
          response: { 200: envelope(codeSent) },
        },
      },
      async (req, reply) => {
        const data = await sendCode(app, {
          phone: normalizePhone(req.body),
          purpose: 'login',
          userId: null,
          ip: req.ip,
          lang: req.lang,
        });
        return reply.ok(data, 'server.code_sent');
      },
    );
  }

  app.post(
    '/check-code',
    {
      schema: {
        tags,
        summary: 'Check a sign-in code',
        description:
          '`success` with a session, or `needCompleteInfo` with a registration token when the number has no account.',
        body: checkCodeBody,
        response: { 200: envelope(z.union([session, completeInfo])) },
      },
    },
    async (req, reply) => {
      const outcome = await checkLoginCode(app, {
        phone: normalizePhone(req.body),
        code: req.body.code,
        deviceType: req.body.device_type,
        deviceId: req.body.device_id,
        origin: originOf(req),
      });
      if (outcome.kind === 'register')
        return reply.envelope('needCompleteInfo', 200, outcome.data, 'server.complete_info');
      reply.setSiteSession(outcome.session);
      return reply.ok(outcome.session, 'server.signed_in');
    },
  );

  app.post(
    '/sign-up',
    {
      schema: {
        tags,
        summary: 'Create an account (multipart with an optional `image` file)',
        description:
          'With a valid registration_token: the active account and a session. Otherwise a pending account and a code.',
        consumes: forms,
        body: signUpBody,
        response: { 200: envelope(z.union([session, codeSent])) },
      },
    },
    async (req, reply) => {
      const { phone, country_code, device_type, registration_token, ...profile } = req.body;
      const file = req.uploads.image;
      // Stored before the account is touched: a refused file changes nothing.
      const image = file ? await storeImage(app, file, 'users') : null;
      const outcome = await signUp(app, {
        profile,
        phone: normalizePhone({ phone, country_code }),
        deviceType: device_type,
        registrationToken: registration_token,
        image,
        origin: originOf(req),
        lang: req.lang,
      }).catch(async (error: unknown) => {
        await deleteImage(app, image);
        throw error;
      });
      if (!outcome.imageUsed) await deleteImage(app, image);
      if (outcome.kind === 'code') return reply.ok(outcome.data, 'server.account_created');
      reply.setSiteSession(outcome.session);
      return reply.ok(outcome.session, 'server.signed_in');
    },
  );

  app.delete(
    '/sign-out',
    {
      preHandler: app.requireUser({ guest: true }),
      schema: { tags, summary: 'Sign out (revokes this token)', security: auth, response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      await revokeToken(app.db, req.tokenId!);
      reply.clearSiteSession();
      return reply.ok(null, 'server.signed_out');
    },
  );

  app.post(
    '/delete-account',
    {
      preHandler: app.requireUser(),
      schema: { tags, summary: 'Delete my account', security: auth, response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      await deleteAccount(app.db, req.user!.id);
      reply.clearSiteSession();
      return reply.ok(null, 'server.account_deleted');
    },
  );

  app.post(
    '/guest-login',
    {
      schema: {
        tags,
        summary: 'Sign in as a guest',
        body: guestLoginBody.nullish(),
        response: { 200: envelope(guestSession) },
      },
    },
    async (req, reply) => {
      const token = await issueUserToken(app.db, null, req.body?.device_type ?? 'web', originOf(req));
      const guest: GuestSession = { token, is_guest: true };
      reply.setSiteSession(guest);
      return reply.ok(guest, 'server.guest_signed_in');
    },
  );

  app.get(
    '/profile',
    {
      preHandler: app.requireUser(),
      schema: { tags, summary: 'My profile', security: auth, response: { 200: envelope(user) } },
    },
    async (req, reply) => reply.ok(toUser(req.user!)),
  );

  app.get(
    '/me',
    {
      // A token sent must hold (else `unauthenticated` or `blocked`, as /profile answers); none: a visitor.
      preHandler: async (req) => {
        if (bearer(req)) await app.requireUser({ guest: true })(req);
      },
      schema: {
        tags,
        summary: 'Who I am, my unread notifications and my cart units (a page header, in one call)',
        description: 'Visitors and guests get `user: null` and the units of the cart their `X-Cart-Key` names.',
        security: [{ bearer: [] }, {}],
        response: { 200: envelope(me) },
      },
    },
    async (req, reply) => {
      const customer = req.isGuest ? null : req.user;
      const [cartCount, unread] = await Promise.all([
        countItems(app.db, await cartOwnerOf(app.db, req)),
        customer ? countUnread(app.db, customer.id) : 0,
      ]);
      return reply.ok({ user: customer ? toUser(customer) : null, notifications_count: unread, cart_count: cartCount });
    },
  );

  app.post(
    '/update-profile',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        summary: 'Edit my profile (multipart with an optional `image` file)',
        description:
          'Every field is sent; an omitted optional field is cleared. The image is kept unless a new one is sent.',
        security: auth,
        consumes: forms,
        body: updateProfileBody,
        response: { 200: envelope(user) },
      },
    },
    async (req, reply) => {
      const file = req.uploads.image;
      const image = file ? await storeImage(app, file, 'users') : null;
      const row = await updateProfile(app.db, req.user!.id, req.body, image);
      if (image) await deleteImage(app, req.user!.image);
      reply.setSiteSession(toSession(row, bearer(req)!));
      return reply.ok(toUser(row), 'server.profile_updated');
    },
  );

  app.post(
    '/change-phone/send-code',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        summary: 'Send a code to my new mobile number',
        security: auth,
        body: changePhoneSendBody,
        response: { 200: envelope(codeSent) },
      },
    },
    async (req, reply) => {
      const data = await sendPhoneChangeCode(app, req.user!, normalizePhone(req.body), req.ip, req.lang);
      return reply.ok(data, 'server.code_sent');
    },
  );

  app.post(
    '/change-phone/check-code',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        summary: 'Confirm my new mobile number',
        description: 'Every previous token is revoked; the answer carries a new one. The old number is told by SMS.',
        security: auth,
        body: changePhoneCheckBody,
        response: { 200: envelope(session) },
      },
    },
    async (req, reply) => {
      const data = await confirmPhoneChange(app, {
        user: req.user!,
        phone: normalizePhone(req.body),
        code: req.body.code,
        tokenId: req.tokenId,
        origin: originOf(req),
        lang: req.lang,
      });
      reply.setSiteSession(data);
      return reply.ok(data, 'server.phone_changed');
    },
  );
}
