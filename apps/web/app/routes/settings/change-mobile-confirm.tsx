import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect, useFetcher, useNavigate } from 'react-router';
import { DEFAULT_COUNTRY_CODE } from '@pool/contracts/core';
import type { Route } from './+types/change-mobile-confirm';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { saveAuth } from '../../lib/cookies.server.ts';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { displayPhone } from '../../lib/format.ts';
import { localePath } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { CodeInput, ResendCode, useCodeEntry, useResendTimer } from '../../components/auth/code-input.tsx';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'settings.confirm_title');

/** The new number travels in the URL (`?phone=…&country_code=…`) from the previous step. */
function numberFrom(url: URL) {
  const phone = url.searchParams.get('phone') ?? '';
  const country_code = (url.searchParams.get('country_code') ?? DEFAULT_COUNTRY_CODE).replace(/^\+/, '');
  return /^\d{9,10}$/.test(phone) && /^\d{1,4}$/.test(country_code) ? { phone, country_code } : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const number = numberFrom(new URL(request.url));
  if (!number) throw redirect(localePath(api.lang, '/settings/change_mobile_number_phone'));
  return number;
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const number = numberFrom(new URL(request.url));
  const form = await request.formData();
  const intent = String(form.get('intent'));
  if (!number) throw data(null, { status: 400 });
  if (intent === 'resend') {
    return {
      intent,
      answer: await api.POST('/api/user/change-phone/send-code', { body: number }),
    };
  }
  const res = await api.POST('/api/user/change-phone/check-code', {
    body: { ...number, code: String(form.get('code') ?? '') },
  });
  if (!isSuccess(res)) return { intent, answer: res };
  // A new session replaces the old (revoked) one: store it in the HttpOnly cookie, never hand the token to the page.
  return data({ intent, answer: { ...res, data: null } }, { headers: { 'set-cookie': await saveAuth(res.data) } });
}

/** Step 2 of the phone change: the 4-digit code sent to the new number. */
export default function ChangeMobileConfirmPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLang();
  const navigate = useNavigate();
  const handle = useAnswerHandler();
  const check = useFetcher<typeof action>({ key: 'phone-check' });
  const resend = useFetcher<typeof action>({ key: 'phone-resend' });
  const checking = check.state !== 'idle';
  const entry = useCodeEntry((code) => {
    if (!checking) void check.submit({ intent: 'check', code }, { method: 'post' });
  });
  const timer = useResendTimer();
  const phone = displayPhone(loaderData.country_code, loaderData.phone);

  useChangeEffect(() => {
    if (check.state !== 'idle' || !check.data) return;
    handle(check.data.answer as Answer, {
      successToast: true,
      onSuccess: () => navigate(to('/profile'), { replace: true }),
      onError: (a) => entry.clear(answerFieldErrors(a).code ?? null),
    });
  }, [check.state, check.data]);

  useChangeEffect(() => {
    if (resend.state !== 'idle' || !resend.data) return;
    handle(
      resend.data.answer as Answer,
      timer.resendHandlers(() => entry.clear()),
    );
  }, [resend.state, resend.data]);

  return (
    <AccountPage title={t('settings.confirm_title')}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form
          method="post"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            entry.submit();
          }}
        >
          <Stack align="center" ta="center" gap="md">
            <IconShieldCheck size={48} color="var(--mantine-color-cyan-7)" aria-hidden />
            <Text id="code-intro">{t('settings.confirm_intro', { phone })}</Text>
            <CodeInput id="code" entry={entry} busy={checking} describedBy="code-intro" />
            <Button type="submit" size="md" fullWidth loading={checking} data-testid="code-confirm">
              {t('settings.confirm')}
            </Button>
            <ResendCode
              timer={timer}
              loading={resend.state !== 'idle'}
              onResend={() => void resend.submit({ intent: 'resend' }, { method: 'post' })}
              testIds={{ timer: 'resend-countdown', button: 'code-resend' }}
            />
            <Anchor component={Link} to={to('/settings/change_mobile_number_phone')} fz="sm">
              {t('settings.edit_number')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </AccountPage>
  );
}
