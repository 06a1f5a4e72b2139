/**
 * How the site reacts to an API answer (spec sections 4 and 8): the response
 * key decides, toasts show the server's `msg`, and session keys sign out.
 */
import { useCallback } from 'react';
import { useNavigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { LOGOUT_DELAY_MS, REDIRECT_DELAY_MS } from '@pool/contracts/core';
import { langFromPath, localePath } from './lang.ts';
import { loginPath } from './return-to.ts';

export type Answer<T = unknown> = { msg: string; key: string; data: T; status: number };

export type AnswerHandlers<T> = {
  onSuccess?: (data: T) => void;
  onCompleteInfo?: (data: T) => void;
  onNeedActive?: (data: T) => void;
  onError?: (answer: Answer<T>) => void;
  /** Show the success toast (only when asked, spec section 8). */
  successToast?: boolean;
};

export function useToasts() {
  const { t } = useTranslation();
  const base = {
    autoClose: 3000,
    closeButtonProps: { 'aria-label': t('common.close') },
    styles: { description: { color: 'var(--mantine-color-gray-7)' } }, // Mantine's gray-6 fails AA contrast
  };
  return {
    success: (message: string) => notifications.show({ ...base, color: 'teal', title: t('common.success'), message }),
    error: (message: string) => notifications.show({ ...base, color: 'red', title: t('common.error'), message }),
    warning: (message: string) => notifications.show({ ...base, color: 'yellow', title: t('common.warning'), message }),
    info: (message: string) => notifications.show({ ...base, color: 'blue', title: t('common.info'), message }),
  };
}

/** Clears what the browser keeps besides the (HttpOnly) auth cookie. */
export function clearClientState() {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage may be unavailable (private mode); nothing to clear then
  }
}

export function useAnswerHandler() {
  const navigate = useNavigate();
  const location = useLocation();
  const lang = langFromPath(location.pathname);
  // Signed in again, the customer comes back to this page.
  const login = loginPath(lang, location.pathname + location.search);
  const toast = useToasts();
  return useCallback(
    <T>(answer: Answer<T> | undefined | null, handlers: AnswerHandlers<T> = {}) => {
      if (!answer) return;
      if (answer.key === 'success' && answer.status === 200) {
        if (handlers.successToast) toast.success(answer.msg);
        handlers.onSuccess?.(answer.data);
        return;
      }
      if (answer.key === 'needCompleteInfo') {
        handlers.onCompleteInfo?.(answer.data);
        return;
      }
      toast.error(answer.msg);
      if (answer.key === 'needActive') {
        if (handlers.onNeedActive) handlers.onNeedActive(answer.data);
        else {
          const phone = (answer.data as { phone?: string } | null)?.phone;
          if (phone) navigate(localePath(lang, '/auth/Otp'), { state: answer.data });
          else setTimeout(() => navigate(login), REDIRECT_DELAY_MS);
        }
        return;
      }
      if (answer.key === 'blocked' || answer.key === 'unauthenticated') {
        clearClientState();
        setTimeout(() => navigate(login, { replace: true }), LOGOUT_DELAY_MS);
        return;
      }
      console.error('API error', answer.key, answer.status, answer.msg);
      handlers.onError?.(answer);
    },
    [navigate, lang, login, toast],
  );
}
