import { data } from 'react-router';
import { isSuccess, type apiFor } from '../../lib/api.server.ts';

type Api = Awaited<ReturnType<typeof apiFor>>;

/** GETs public content for a loader; a failed answer becomes the error page (404 or 500). */
export async function loadContent<T>(api: Api, path: string): Promise<T> {
  const answer = await api.get<T>(path);
  if (isSuccess(answer)) return answer.data;
  throw data(answer.msg, { status: answer.status === 404 ? 404 : 500 });
}
