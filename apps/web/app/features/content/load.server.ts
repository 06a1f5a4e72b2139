import { data } from 'react-router';
import { isSuccess, pageStatus, type apiFor } from '../../lib/api.server.ts';

type Api = Awaited<ReturnType<typeof apiFor>>;

/** GETs public content for a loader; a failed answer becomes the error page (404, 429, 503 or 500). */
export async function loadContent<T>(api: Api, path: string): Promise<T> {
  const answer = await api.get<T>(path);
  if (isSuccess(answer)) return answer.data;
  throw data(answer.msg, { status: pageStatus(answer) });
}
