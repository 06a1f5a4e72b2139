/**
 * The action of a construction catalogue screen (catalogue-screen.tsx): a row saved again with
 * "shown" switched (`toggle`, its fields as the page sent them: the API validates them), or
 * deleted (`delete`; refused by the API while orders use it).
 */
import type { AsSent, PathBody } from '../../../lib/api.ts';
import type { ApiResult } from '../../../lib/api.server.ts';
import { answerOf, type AdminApi } from '../admin-api.server.ts';

type ItemPath = '/api/admin/construction/design-types/{id}' | '/api/admin/construction/colours/{id}';
type Sent = { intent?: string; id?: number; body?: AsSent<PathBody<'post', ItemPath>> };

export async function catalogueAction(api: AdminApi, path: ItemPath, request: Request) {
  const { intent, id = 0, body } = ((await request.json().catch(() => ({}))) ?? {}) as Sent;
  const params = { path: { id: Number(id) } };
  if (intent === 'toggle' && body) {
    const saved = await api.POST(path, { params, body: body as PathBody<'post', ItemPath> });
    return answerOf(saved as ApiResult<unknown>);
  }
  if (intent === 'delete') return answerOf(await api.DELETE(path, { params }));
  return { msg: '', key: 'fail', data: null, status: 400 };
}
