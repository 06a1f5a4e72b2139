/**
 * How the staff pages react to an API answer from the browser: the server's message as a
 * toast, and an ended session (blocked, signed out elsewhere) back to the staff sign-in,
 * never to the customer's.
 */
import { useCallback } from 'react';
import { useNavigate, type useFetcher } from 'react-router';
import { LOGOUT_DELAY_MS } from '@pool/contracts/core';
import { useToasts, type Answer } from '../../lib/envelope.ts';
import { useLang } from '../../lib/use-lang.ts';

export function useStaffAnswer() {
  const navigate = useNavigate();
  const { to } = useLang();
  const toast = useToasts();
  return useCallback(
    <T>(
      answer: Answer<T> | undefined | null,
      on: { success?: (data: T) => void; error?: (a: Answer<T>) => void; toast?: boolean } = {},
    ) => {
      if (!answer) return;
      if (answer.key === 'success' && answer.status === 200) {
        if (on.toast && answer.msg) toast.success(answer.msg);
        on.success?.(answer.data);
        return;
      }
      toast.error(answer.msg);
      if (answer.key === 'blocked' || answer.key === 'unauthenticated') {
        const reason = answer.key === 'blocked' ? 'blocked' : 'ended';
        setTimeout(() => navigate(`${to('/staff/login')}?reason=${reason}`, { replace: true }), LOGOUT_DELAY_MS);
        return;
      }
      on.error?.(answer);
    },
    [navigate, to, toast],
  );
}

/** Posts `payload` as JSON to the page's action through `fetcher` (the action forwards it to the API). */
export function submitJson(fetcher: { submit: FetcherSubmit }, payload: object) {
  void fetcher.submit(payload as Parameters<FetcherSubmit>[0], { method: 'post', encType: 'application/json' });
}
type FetcherSubmit = ReturnType<typeof useFetcher>['submit'];
