import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { redirect, useFetcher, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { CodeSent } from '@pool/contracts/account';
import { countryCode, DEFAULT_COUNTRY_CODE, phone } from '@pool/contracts/core';
import type { Route } from './+types/login';
import { isSuccess } from '../../lib/api.server.ts';
import { answerFieldErrors, schemaValidate } from '../../lib/forms.ts';
import { localePath } from '../../lib/lang.ts';
import { useLang } from '../../lib/use-lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { PhoneFields, phoneFieldsOf } from '../../components/auth/phone-fields.tsx';
import { ForwardIcon } from '../../components/auth/icons.tsx';
import { validateFilledOnBlur } from '../../components/auth/forms.ts';
import { codePage, numberIn, phoneFrom, useNavigateSoon } from '../../components/auth/flow.ts';
import { loadCountries } from '../../components/auth/countries.server.ts';
import { AuthHeading } from '../../components/auth/heading.tsx';
import { useStaffAnswer } from '../../features/staff/answers.ts';
import { SignInShell } from '../../features/staff/sign-in-shell.tsx';
import { staffApiFor } from '../../features/staff/session.server.ts';
import { st } from '../../features/staff/texts.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, st('login_title'));

export async function loader(args: Route.LoaderArgs) {
  const api = staffApiFor(args.context, args.request);
  // Already signed in: straight to the day.
  if (api.token && isSuccess(await api.GET('/api/staff/profile'))) throw redirect(localePath(api.lang, '/staff'));
  return loadCountries(args);
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = staffApiFor(context, request);
  const { phone, country_code } = numberIn(await request.formData());
  return api.POST('/api/staff/send-code', { body: { phone, country_code } });
}

const loginSchema = z.object({ phone, country_code: countryCode });
const REASONS = ['blocked', 'ended', 'signed_out'] as const;

/** Staff sign-in, step 1: the mobile number; the code comes by SMS (the customers' flow and fields). */
export default function StaffLogin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const [search] = useSearchParams();
  const navigateSoon = useNavigateSoon();
  const handle = useStaffAnswer();
  const send = useFetcher<typeof action>();
  const [leaving, setLeaving] = useState(false);
  const initial = phoneFrom(search, null);
  const reason = REASONS.find((r) => r === search.get('reason'));
  const form = useForm({
    initialValues: { phone: initial.phone, country_code: initial.country_code || DEFAULT_COUNTRY_CODE },
    validate: schemaValidate(loginSchema, lang),
    enhanceGetInputProps: validateFilledOnBlur,
  });

  useChangeEffect(() => {
    handle<unknown>(send.data, {
      toast: true,
      success: (sent) => {
        setLeaving(true);
        navigateSoon(...codePage(to('/staff/code'), sent as CodeSent, null));
      },
      error: (answer) => form.setErrors(answerFieldErrors(answer)),
    });
  }, [send.data]);

  const busy = send.state !== 'idle' || leaving;
  const submit = form.onSubmit((values) => {
    if (!busy) void send.submit({ phone: values.phone.trim(), country_code: values.country_code }, { method: 'post' });
  });

  return (
    <SignInShell>
      <Stack gap="lg">
        <AuthHeading title={t(st('login_title'))} subtitle={t(st('login_subtitle'))} />
        {reason && (
          <Alert color={reason === 'blocked' ? 'red' : 'blue'} data-testid="signed-out-reason">
            {t(st(`notice_${reason}`))}
          </Alert>
        )}
        <form onSubmit={submit} noValidate data-testid="staff-login-form">
          <Stack gap="md">
            <PhoneFields countries={loaderData.countries} {...phoneFieldsOf(form)} autoFocus />
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={busy}
              rightSection={<ForwardIcon />}
              data-testid="send-code"
            >
              {t('auth.send_code')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </SignInShell>
  );
}
