import { data } from 'react-router';
import { isSuccess, pageStatus, type ApiResult } from '../../lib/api.server.ts';

/**
 * Public content for a loader (`loadContent(api.GET('/api/user/about'))`); a failed answer becomes
 * the error page (404, 429, 503 or 500).
 */
export async function loadContent<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const answer = await call;
  if (isSuccess(answer)) return answer.data;
  throw data(answer.msg, { status: pageStatus(answer) });
}
