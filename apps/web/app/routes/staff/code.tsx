import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useFetcher, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_COUNTRY_CODE } from '@pool/contracts/core';
import type { Route } from './+types/code';
import { isSuccess } from '../../lib/api.server.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { localePath } from '../../lib/lang.ts';
import { useLang } from '../../lib/use-lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { numberIn, phoneFrom } from '../../components/auth/flow.ts';
import { useCodeEntry, useResendTimer } from '../../components/auth/code-input.tsx';
import { CodeStep } from '../../components/auth/code-step.tsx';
import { useStaffAnswer } from '../../features/staff/answers.ts';
import { SignInShell } from '../../features/staff/sign-in-shell.tsx';
import { saveStaffToken, staffApiFor } from '../../features/staff/session.server.ts';
import { st } from '../../features/staff/texts.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, st('code_title'));

export async function action({ request, context }: Route.ActionArgs) {
  const api = staffApiFor(context, request);
  const form = await request.formData();
  const number = numberIn(form);
  if (form.get('intent') === 'resend') return api.POST('/api/staff/send-code', { body: number });
  const res = await api.POST('/api/staff/check-code', {
    body: { ...number, code: String(form.get('code') ?? ''), device_type: 'web' },
  });
  // The token lives only in the HttpOnly staff cookie: the page never sees it.
  if (isSuccess(res))
    throw redirect(localePath(api.lang, '/staff'), { headers: { 'set-cookie': saveStaffToken(res.data.token) } });
  return res;
}

/** Staff sign-in, step 2: the 4-digit code; a new one may be asked for after the countdown. */
export default function StaffCode() {
  const { t } = useTranslation();
  const { to } = useLang();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const handle = useStaffAnswer();
  const check = useFetcher<typeof action>();
  const resend = useFetcher<typeof action>();
  const number = phoneFrom(search, location.state);
  const countryCode = number.country_code || DEFAULT_COUNTRY_CODE;
  const timer = useResendTimer(number.state.sent_at, number.state.resend_after);
  const busy = check.state !== 'idle';
  const entry = useCodeEntry((code) => {
    if (!busy)
      void check.submit({ intent: 'check', code, phone: number.phone, country_code: countryCode }, { method: 'post' });
  });
  const entryRef = useRef(entry);
  entryRef.current = entry;

  useEffect(() => {
    if (!number.phone) navigate(to('/staff/login'), { replace: true });
  }, [number.phone]); // eslint-disable-line react-hooks/exhaustive-deps
  useChangeEffect(() => {
    handle<unknown>(check.data, { error: (a) => entryRef.current.clear(answerFieldErrors(a).code ?? null) });
  }, [check.data]);
  useChangeEffect(() => {
    const on = timer.resendHandlers(() => entryRef.current.clear());
    handle<unknown>(resend.data, { toast: true, success: on.onSuccess, error: on.onError });
  }, [resend.data]);

  return (
    <SignInShell>
      <CodeStep
        title={t(st('code_title'))}
        backTo={to('/staff/login')}
        phone={number.phone}
        countryCode={countryCode}
        entry={entry}
        busy={busy}
        timer={timer}
        resending={resend.state !== 'idle'}
        onResend={() =>
          void resend.submit({ intent: 'resend', phone: number.phone, country_code: countryCode }, { method: 'post' })
        }
        formTestId="staff-code-form"
      />
    </SignInShell>
  );
}
