/**
 * Admin routes: their named permission, and the audit log ("reports", spec section 3).
 *
 * Convention (SECURITY.md 15): an admin route declares `preHandler: app.requireAdmin('<code>')`.
 * For each such route this plugin
 * - runs that guard first (`onRequest`), so a request without a valid admin token answers
 *   401/403 before its body is read or validated;
 * - exposes the permission in `config.permission` and in the OpenAPI description
 *   (`permissionNote`), which the permission table test reads back (`permissionOf`).
 * Then every successful admin write (POST/PUT/PATCH/DELETE under /api/admin, sign-in aside), and
 * every one refused for want of rights (403), leaves one `audit_logs` row: who, what, where from,
 * the status. Bodies are never logged.
 *
 * The row's subject is a stable key, `<screen>.<action>`: the route's `config.audit` when it
 * declares one (block and unblock share a permission, for instance), else its permission.
 * lib/audit-subject.ts translates it when read (`audit.<key>` in packages/i18n, else "screen: action"
 * from the permission names); rows written before keys hold English text, shown as stored.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { tables, type Db } from '@pool/db';
import { ALL_PERMISSIONS, type Permission } from '@pool/contracts';
import type { AdminGuard } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for admin routes: the permission they require, null for any signed-in admin. */
    permission?: Permission | null;
    /** The audit log's subject key (`<screen>.<action>`) when the permission alone does not say what the route does. */
    audit?: string;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ADMIN_PREFIX = '/api/admin/';
const UNAUDITED = new Set(['/api/admin/login']);
const AGENT_MAX = 500;

/** The sentence added to an admin route's OpenAPI description. */
export const permissionNote = (permission: Permission | null) =>
  permission ? `Requires the permission \`${permission}\`.` : 'Requires a signed-in admin (no permission).';
/** The note of a route that several permissions open (any one of them). */
const anyOfNote = (anyOf: readonly Permission[]) =>
  anyOf.length > 1
    ? `Requires one of the permissions ${anyOf.map((p) => `\`${p}\``).join(', ')}.`
    : permissionNote(anyOf[0] ?? null);

/** Reads `permissionNote` back: a permission, null (any admin), or undefined (not an admin route). */
export function permissionOf(description: string | undefined): Permission | null | undefined {
  if (!description) return undefined;
  if (description.includes(permissionNote(null))) return null;
  const code = /Requires the permission `([a-z_]+\.[a-z_]+)`\./.exec(description)?.[1];
  return code && (ALL_PERMISSIONS as string[]).includes(code) ? (code as Permission) : undefined;
}

/** Reads the note back as every permission that opens the route: `[]` for any admin, undefined when not an admin route. */
export function permissionsOf(description: string | undefined): Permission[] | undefined {
  const one = permissionOf(description);
  if (one !== undefined) return one ? [one] : [];
  const list = /Requires one of the permissions ((?:`[a-z_]+\.[a-z_]+`(?:, )?)+)\./.exec(description ?? '')?.[1];
  const codes = [...(list ?? '').matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((m) => m[1]!);
  return codes.length > 1 && codes.every((c) => (ALL_PERMISSIONS as string[]).includes(c))
    ? (codes as Permission[])
    : undefined;
}

/** Writes one row of the audit log (the one place that does). */
export async function recordAudit(
  db: Db,
  row: { adminId: number; subject: string; url: string; method: string; ip: string; agent: string; status: number },
) {
  await db.insert(tables.auditLogs).values({
    ...row,
    ip: row.ip.slice(0, 64),
    agent: row.agent.slice(0, AGENT_MAX),
  });
}

const isAdminGuard = (h: unknown): h is AdminGuard =>
  typeof h === 'function' && 'permission' in h && (h.permission === null || typeof h.permission === 'string');

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export default fp(async (app) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandlers = asList(route.preHandler);
    const guard = preHandlers.find(isAdminGuard);
    if (!guard) return;
    route.preHandler = preHandlers.filter((h) => h !== guard);
    route.onRequest = [...asList(route.onRequest), guard as unknown as onRequestHookHandler];
    route.config = { ...route.config, permission: guard.permission };
    if (route.schema && !route.schema.hide) {
      const schema = route.schema as { description?: string };
      const note = anyOfNote(guard.anyOf);
      route.schema = { ...route.schema, description: schema.description ? `${schema.description}\n\n${note}` : note };
    }
  });

  // Written just before the answer leaves (not after it, in onResponse): once a client sees
  // the success, its audit row exists, and nothing lands in the database behind its back.
  // A write refused for want of rights (403) is logged too: an attempt to go past one's rights.
  // A callback for the requests that write nothing (all but an admin's writes): no promise for each.
  app.addHook('onSend', (req, reply, _payload, done) => {
    if (!req.admin || !WRITES.has(req.method)) return done();
    audited(req, reply).then(() => done(), done);
  });
  async function audited(req: FastifyRequest, reply: FastifyReply) {
    if (!req.admin) return;
    if (reply.statusCode >= 400 && reply.statusCode !== 403) return;
    const url = req.url.split('?')[0] ?? '';
    if (!url.startsWith(ADMIN_PREFIX) || UNAUDITED.has(url)) return;
    const { audit, permission } = req.routeOptions.config;
    const summary = (req.routeOptions.schema as { summary?: string } | undefined)?.summary;
    try {
      await recordAudit(app.db, {
        adminId: req.admin.id,
        subject: audit ?? permission ?? summary ?? url,
        url,
        method: req.method,
        ip: req.ip,
        agent: String(req.headers['user-agent'] ?? ''),
        status: reply.statusCode,
      });
    } catch (err) {
      // The change is made already; a lost audit row is logged loudly rather than failing the answer.
      req.log.error({ err, url, method: req.method }, 'could not write the audit log');
    }
  }
});
