/**
 * Browser calls to the API, for what a loader or action cannot do well:
 * uploads with a progress bar. Same-origin; the API reads the HttpOnly
 * `auth` cookie because `SITE_HEADER` is sent.
 */
import { SITE_HEADER } from '@pool/contracts/account';
import type { Answer } from './envelope.ts';
import type { Lang } from './lang.ts';

export function apiFetch<T>(
  lang: Lang,
  method: string,
  path: string,
  body?: Record<string, unknown>,
): Promise<Answer<T>> {
  return fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      lang,
      [SITE_HEADER]: '1',
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (res) => ({ ...(await res.json()), status: res.status }));
}

/** POSTs a multipart form to `/api{path}`, reporting upload progress (0-100). */
export function uploadForm<T>(
  lang: Lang,
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('lang', lang);
    xhr.setRequestHeader(SITE_HEADER, '1');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve({ ...JSON.parse(xhr.responseText), status: xhr.status });
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
export const uploadAdminForm = <T>(path: string, form: FormData, onProgress: (percent: number) => void) =>
  uploadForm<T>('ar', path, form, onProgress);
