/** Filing an inquiry or a complaint from a page's form: the fields as they came, the API validates them. */
import type { Api } from '../../lib/api.server.ts';
import { asSent, type PathBody } from '../../lib/api.ts';

export function fileComplaint(api: Api, form: FormData) {
  const field = (name: string) => String(form.get(name) ?? '');
  return api.POST('/api/user/complaints', {
    body: asSent<PathBody<'post', '/api/user/complaints'>>({
      kind: field('kind'),
      text: field('text'),
      ...(field('order_id') ? { order_id: field('order_id') } : {}),
      images: form.getAll('images').map(String),
    }),
  });
}
