import { useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';
import type { CodeSent } from '@pool/contracts/account';
import { REDIRECT_DELAY_MS } from '@pool/contracts/core';
import { withReturnTo } from '../../lib/return-to.ts';

/** What the auth pages hand each other: the number in the URL (a reload keeps it) and in the location state. */
export type CodePageState = { phone: string; country_code: string; sent_at?: number; resend_after?: number };
export type RegisterPageState = { phone: string; country_code: string; registration_token?: string };

/** `path` with the number in its query, and the way back after signing in when there is one. */
export const withPhone = (path: string, phone: string, countryCode: string, back?: string | null) =>
  withReturnTo(`${path}?${new URLSearchParams({ phone, country_code: countryCode })}`, back);

/** Reads the number from the URL first, then from the location state. */
export function phoneFrom(search: URLSearchParams, state: unknown) {
  const s = (state && typeof state === 'object' ? state : {}) as Partial<CodePageState & RegisterPageState>;
  return {
    phone: search.get('phone') ?? s.phone ?? '',
    country_code: search.get('country_code') ?? s.country_code ?? '',
    state: s,
  };
}

/** The number an action received in its form data. */
export const numberIn = (form: FormData) => ({
  phone: String(form.get('phone') ?? ''),
  country_code: String(form.get('country_code') ?? ''),
});

/** `navigate` arguments for the code page once a code was sent; the state lets its countdown survive a reload. */
export function codePage(path: string, sent: CodeSent, back: string | null) {
  const state: CodePageState = {
    phone: sent.phone,
    country_code: sent.country_code,
    sent_at: Date.now(),
    resend_after: sent.resend_after,
  };
  return [withPhone(path, sent.phone, sent.country_code, back), { state }] as const;
}

/** Spec section 4: after a code is sent, the next page opens 1 s later (the toast shows meanwhile). */
export function useNavigateSoon() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (to: string, options?: NavigateOptions) => {
    timer.current = setTimeout(() => void navigate(to, options), REDIRECT_DELAY_MS);
  };
}
