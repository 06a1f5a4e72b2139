import { useState } from 'react';
import { Anchor, Button, Divider, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useFetcher, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { CodeSent } from '@pool/contracts/account';
import { countryCode, DEFAULT_COUNTRY_CODE, phone } from '@pool/contracts/core';
import type { Route } from './+types/login';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { saveAuth } from '../../lib/cookies.server.ts';
import { useAnswerHandler } from '../../lib/envelope.ts';
import { answerFieldErrors, schemaValidate } from '../../lib/forms.ts';
import { localePath, stripLang } from '../../lib/lang.ts';
import { isAuthPath } from '../../route-table.ts';
import { afterLogin, RETURN_PARAM, returnToIn, safeReturnTo, withReturnTo } from '../../lib/return-to.ts';
import { useLang } from '../../lib/use-lang.ts';
import { PhoneFields, phoneFieldsOf } from '../../components/auth/phone-fields.tsx';
import { ForwardIcon } from '../../components/auth/icons.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { validateFilledOnBlur } from '../../components/auth/forms.ts';
import { codePage, numberIn, phoneFrom, useNavigateSoon } from '../../components/auth/flow.ts';
import { loadCountries } from '../../components/auth/countries.server.ts';
import { AuthHeading } from '../../components/auth/heading.tsx';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'auth.login_title');

export async function loader(args: Route.LoaderArgs) {
  // Already signed in (not as a guest, and the session still valid): nothing to do here.
  const api = await apiFor(args.context, args.request);
  if (api.auth && !api.auth.is_guest && isSuccess(await api.GET('/api/user/profile')))
    throw redirect(afterLogin(api.lang, returnToIn(new URL(args.request.url).searchParams)));
  return loadCountries(args);
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  if (form.get('intent') === 'guest') {
    const res = await api.POST('/api/user/guest-login', { body: { device_type: 'web' } });
    // In-process calls carry no site header, so the site writes the cookie itself.
    if (isSuccess(res)) {
      // A guest may not open the (auth) pages: those lead home.
      const back = safeReturnTo(String(form.get(RETURN_PARAM) ?? ''));
      const to = back && !isAuthPath(stripLang(new URL(back, request.url).pathname)) ? back : localePath(api.lang, '/');
      throw redirect(to, { headers: { 'set-cookie': await saveAuth(res.data) } });
    }
    return { ...res, data: null };
  }
  return api.POST('/api/user/send-code', { body: { ...numberIn(form), device_type: 'web' } });
}

const loginSchema = z.object({ phone, country_code: countryCode });

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const [search] = useSearchParams();
  const back = returnToIn(search);
  const navigateSoon = useNavigateSoon();
  const handle = useAnswerHandler();
  const send = useFetcher<typeof action>();
  const guest = useFetcher<typeof action>();
  const [leaving, setLeaving] = useState(false);
  const initial = phoneFrom(search, null);
  const form = useForm({
    initialValues: { phone: initial.phone, country_code: initial.country_code || DEFAULT_COUNTRY_CODE },
    validate: schemaValidate(loginSchema, lang),
    enhanceGetInputProps: validateFilledOnBlur,
  });

  useChangeEffect(() => {
    handle<unknown>(send.data, {
      successToast: true,
      onSuccess: (sent) => {
        setLeaving(true);
        navigateSoon(...codePage(to('/auth/Otp'), sent as CodeSent, back));
      },
      onError: (answer) => form.setErrors(answerFieldErrors(answer)),
    });
  }, [send.data]);

  useChangeEffect(() => handle(guest.data), [guest.data]);

  const busy = send.state !== 'idle' || leaving;
  const submit = form.onSubmit((values) => {
    if (!busy)
      void send.submit(
        { intent: 'send', phone: values.phone.trim(), country_code: values.country_code },
        { method: 'post' },
      );
  });

  return (
    <Stack gap="lg">
      <AuthHeading title={t('auth.login_title')} subtitle={t('auth.login_subtitle')} />
      <form onSubmit={submit} noValidate data-testid="login-form">
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
      <Divider label={t('auth.or')} labelPosition="center" />
      <Button
        variant="default"
        size="md"
        fullWidth
        leftSection={<IconUserCircle size={20} aria-hidden />}
        loading={guest.state !== 'idle'}
        onClick={() => void guest.submit({ intent: 'guest', [RETURN_PARAM]: back ?? '' }, { method: 'post' })}
        data-testid="guest-login"
      >
        {t('auth.guest_login')}
      </Button>
      <Text ta="center" fz="sm">
        {t('auth.no_account')}{' '}
        <Anchor component={Link} to={withReturnTo(to('/auth/register'), back)} fw={700} data-testid="register-link">
          {t('auth.register_link')}
        </Anchor>
      </Text>
    </Stack>
  );
}
