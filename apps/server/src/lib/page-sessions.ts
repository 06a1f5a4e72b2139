/**
 * One page, one session lookup (issue 13, ADR 0028). A server-rendered page asks the API in process several
 * times at once (the root loader's header, the page's own loader: plugins/site.ts), and each call
 * looked the visitor's token up again. Within the scope of one page's GET, a lookup is made once and
 * shared by its calls, as if they had all been made at the same instant (they run side by side anyway).
 * Pages that change something (POST and the rest) are not scoped: an action may end the session that
 * the loaders after it must then see ended. Outside a scope every lookup goes to the database.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const lookups = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `render` (one page's GET) with its own, empty set of session lookups. */
export const withPageSessions = <T>(render: () => T): T => lookups.run(new Map(), render);

/** `lookup()`'s answer, made once per `key` within a page's scope; a plain call outside one. */
export function oncePerPage<T>(key: string, lookup: () => Promise<T>): Promise<T> {
  const made = lookups.getStore();
  if (!made) return lookup();
  let answer = made.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = lookup();
    made.set(key, answer);
  }
  return answer;
}
