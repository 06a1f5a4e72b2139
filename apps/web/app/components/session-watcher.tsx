import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LOGOUT_DELAY_MS } from '@pool/contracts/core';
import { clearClientState, useToasts } from '../lib/envelope.ts';
import { localePath, type Lang } from '../lib/lang.ts';

/** When the server refuses the stored session (blocked, revoked), sign out as spec section 4 says. */
export function SessionWatcher({ authError, lang }: { authError: { msg: string; key: string } | null; lang: Lang }) {
  const navigate = useNavigate();
  const toast = useToasts();
  useEffect(() => {
    if (!authError) return;
    toast.error(authError.msg);
    clearClientState();
    const timer = setTimeout(() => navigate(localePath(lang, '/auth/login'), { replace: true }), LOGOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [authError]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}
