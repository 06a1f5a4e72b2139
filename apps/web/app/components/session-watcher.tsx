import { useEffect } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { LOGOUT_DELAY_MS } from '@pool/contracts/core';
import { SESSION_ENDED_EVENT } from '../lib/api.client.ts';
import { clearClientState, useToasts } from '../lib/envelope.ts';
import { localePath, type Lang } from '../lib/lang.ts';

/**
 * When the server refuses the stored session (blocked, revoked), sign out as spec section 4 says.
 * The root loader finds it on each navigation; a browser call answered `blocked` (api.client.ts)
 * runs the loaders again at once, so the page ends on the sign-in page with the message.
 */
export function SessionWatcher({ authError, lang }: { authError: { msg: string; key: string } | null; lang: Lang }) {
  const navigate = useNavigate();
  const toast = useToasts();
  const revalidator = useRevalidator();
  useEffect(() => {
    const ended = () => void revalidator.revalidate();
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, [revalidator]);
  useEffect(() => {
    if (!authError) return;
    toast.error(authError.msg);
    clearClientState();
    const timer = setTimeout(() => navigate(localePath(lang, '/auth/login'), { replace: true }), LOGOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [authError]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}
