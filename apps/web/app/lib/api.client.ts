/**
 * Browser calls to the API, for what a loader or action cannot do well:
 * uploads with a progress bar. Same-origin; the API reads the HttpOnly
 * `auth` cookie because `SITE_HEADER` is sent. Typed like the loaders' client
 * (api.ts): paths, parameters, bodies and answers from the generated schema.
 */
import createClient from 'openapi-fetch';
import { SITE_HEADER } from '@pool/contracts/account';
import { answering, type ApiMethods, type ApiPath, type ApiPaths, type PathAnswer, type PathParams } from './api.ts';
import type { Lang } from './lang.ts';

/** The event a browser call's answer raises when the session ended (`blocked`, `unauthenticated`). */
export const SESSION_ENDED_EVENT = 'pool:session-ended';

/** Any browser call answered `blocked` or `unauthenticated`: the page signs out (SessionWatcher listens). */
function watchSession(answer: object) {
  const { key } = answer as { key?: unknown };
  if (key === 'blocked' || key === 'unauthenticated') window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/** openapi-fetch in the browser, answering `{ msg, key, data, status }` (`browserApi(lang).GET(...)`). */
export function browserApi(lang: Lang): ApiMethods {
  return answering(
    createClient<ApiPaths>({
      credentials: 'same-origin',
      headers: { lang, [SITE_HEADER]: '1', accept: 'application/json' },
    }),
    watchSession,
  );
}

/** The path's parameters when it has some (`{ id }` for `/api/admin/staff/{id}`), else nothing. */
type ParamsArg<P extends ApiPath<'post'>> = [PathParams<'post', P>] extends [never] ? [] : [PathParams<'post', P>];

/** `/api/admin/staff/{id}` with `{ id: 3 }`: `/api/admin/staff/3`. */
const fillPath = (path: string, params: Record<string, unknown> = {}) =>
  path.replace(/\{([^{}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));

/**
 * POSTs a multipart form to an API path (with its path parameters last), reporting upload progress
 * (0-100). XHR: fetch tells no upload progress.
 */
export function uploadForm<P extends ApiPath<'post'>>(
  lang: Lang,
  path: P,
  form: FormData,
  onProgress: (percent: number) => void,
  ...params: ParamsArg<P>
): Promise<PathAnswer<'post', P>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', fillPath(path, params[0] as Record<string, unknown> | undefined));
    xhr.withCredentials = true;
    xhr.setRequestHeader('lang', lang);
    xhr.setRequestHeader(SITE_HEADER, '1');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        const answer = { ...JSON.parse(xhr.responseText), status: xhr.status };
        watchSession(answer);
        resolve(answer);
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(form);
  });
}

/**
 * The dashboard's uploads (admin images): the API reads the HttpOnly
 * `admin_auth` cookie because `uploadForm` sends `SITE_HEADER`. Arabic answers.
 */
export const uploadAdminForm = <P extends ApiPath<'post'>>(
  path: P,
  form: FormData,
  onProgress: (percent: number) => void,
  ...params: ParamsArg<P>
) => uploadForm('ar', path, form, onProgress, ...params);
