/** The app users screen's routes: list, view, block and unblock (announced to the customer's open pages). */
import { appUserDetail, appUserItem, envelope, idParam, paginated, userListQuery } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { announce } from '../realtime/index.ts';
import { getUser, listUsers, setUserBlocked } from './users.ts';
import { security } from './route-schema.ts';

export function usersRoutes(app: App) {
  const tags = ['admin-people: users'];

  app.get(
    '/users',
    {
      preHandler: app.requireAdmin('users.view'),
      schema: {
        tags,
        summary: 'List app users',
        description: '`q` searches name and phone; `status` is active or blocked. Deleted accounts are not listed.',
        security,
        querystring: userListQuery,
        response: { 200: envelope(paginated(appUserItem)) },
      },
    },
    async (req, reply) => reply.ok(await listUsers(app.db, req.query, req.lang)),
  );

  app.get(
    '/users/:id',
    {
      preHandler: app.requireAdmin('users.view'),
      schema: {
        tags,
        summary: 'View an app user',
        security,
        params: idParam,
        response: { 200: envelope(appUserDetail) },
      },
    },
    async (req, reply) => reply.ok(await getUser(app.db, req.params.id, req.lang)),
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/users/:id/${action}`,
      {
        preHandler: app.requireAdmin('users.block'),
        config: { audit: `users.${action}` },
        schema: {
          tags,
          summary: blocked ? 'Block an app user' : 'Unblock an app user',
          description: blocked
            ? "The user's next call answers `blocked`; a notification of type `block` is stored."
            : 'A notification of type `un_blocked` is stored.',
          security,
          params: idParam,
          response: { 200: envelope(appUserDetail) },
        },
      },
      async (req, reply) => {
        const notice = await setUserBlocked(app.db, req.params.id, blocked);
        // Open pages hear of it at once (a `block` makes the site sign the customer out).
        if (notice) await announce(app, 'u', [notice]);
        return reply.ok(
          await getUser(app.db, req.params.id, req.lang),
          blocked ? 'people.user_blocked' : 'people.user_unblocked',
        );
      },
    );
  }
}
