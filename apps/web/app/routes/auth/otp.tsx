import { useEffect, useRef, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, useFetcher, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Session } from '@pool/contracts/account';
import { DEFAULT_COUNTRY_CODE, REDIRECT_DELAY_MS } from '@pool/contracts/core';
import type { Route } from './+types/otp';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { saveAuth } from '../../lib/cookies.server.ts';
import { useAnswerHandler, useToasts } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { useLang } from '../../lib/use-lang.ts';
import { afterLogin, returnToIn } from '../../lib/return-to.ts';
import { useSettledNavigate } from '../../lib/use-settled-navigate.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { numberIn, phoneFrom, withPhone, type RegisterPageState } from '../../components/auth/flow.ts';
import { useCodeEntry, useResendTimer } from '../../components/auth/code-input.tsx';
import { CodeStep } from '../../components/auth/code-step.tsx';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

type CompleteInfo = { phone: string; country_code: string; registration_token: string };

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'auth.otp_title');

export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const number = { ...numberIn(form), device_type: 'web' as const };
  if (form.get('intent') === 'resend') return api.POST('/api/user/resend-code', { body: number });
  const res = await api.POST('/api/user/check-code', { body: { ...number, code: String(form.get('code') ?? '') } });
  if (isSuccess(res)) {
    // The session lives only in the HttpOnly cookie: the page never sees the token.
    return data({ ...res, data: null }, { headers: { 'set-cookie': await saveAuth(res.data as Session) } });
  }
  return res;
}

export default function Otp() {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const [search] = useSearchParams();
  const back = returnToIn(search);
  const location = useLocation();
  const navigate = useNavigate();
  // After the code's answer: once the router's reload of the page (the new session) is over.
  const leave = useSettledNavigate();
  const handle = useAnswerHandler();
  const toast = useToasts();
  const check = useFetcher<typeof action>();
  const resend = useFetcher<typeof action>();
  const number = phoneFrom(search, location.state);
  const countryCode = number.country_code || DEFAULT_COUNTRY_CODE;
  const [leaving, setLeaving] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const timer = useResendTimer(number.state.sent_at, number.state.resend_after);
  // 'loading' (loaders revalidating after the action) already carries the answer: only 'submitting' is busy.
  const busy = check.state === 'submitting' || leaving;
  const entry = useCodeEntry((code) => {
    if (!busy)
      void check.submit({ intent: 'check', code, phone: number.phone, country_code: countryCode }, { method: 'post' });
  });

  // Nothing to verify without a number: back to login.
  useEffect(() => {
    if (!number.phone) navigate(to('/auth/login'), { replace: true });
  }, [number.phone]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useChangeEffect(() => {
    const answer = check.data;
    handle<unknown>(answer, {
      successToast: true,
      onSuccess: () => {
        setLeaving(true);
        leave(afterLogin(lang, back), { replace: true });
        timers.current.push(setTimeout(() => entry.setCode(''), REDIRECT_DELAY_MS));
      },
      onCompleteInfo: (d) => {
        const info = d as CompleteInfo;
        if (answer?.msg) toast.info(answer.msg);
        const state: RegisterPageState = info;
        setLeaving(true);
        leave(withPhone(to('/auth/register'), info.phone, info.country_code, back), { replace: true, state });
      },
      onError: (a) => entry.clear(answerFieldErrors(a).code ?? null),
    });
  }, [check.data]);

  useChangeEffect(() => {
    handle<unknown>(
      resend.data,
      timer.resendHandlers(() => entry.clear()),
    );
  }, [resend.data]);

  if (!number.phone) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }

  return (
    <CodeStep
      title={t('auth.otp_title')}
      backTo={to('/auth/login')}
      back={back}
      phone={number.phone}
      countryCode={countryCode}
      entry={entry}
      busy={busy}
      timer={timer}
      resending={resend.state !== 'idle'}
      onResend={() =>
        void resend.submit({ intent: 'resend', phone: number.phone, country_code: countryCode }, { method: 'post' })
      }
      formTestId="otp-form"
    />
  );
}
