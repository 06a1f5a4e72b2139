import { Button, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { changePhoneSendBody } from '@pool/contracts/account';
import { DEFAULT_COUNTRY_CODE } from '@pool/contracts/core';
import type { Route } from './+types/change-mobile-phone';
import { apiFor } from '../../lib/api.server.ts';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors, schemaValidate } from '../../lib/forms.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { focusFirstError } from '../../features/account/focus-first-error.ts';
import { PhoneFields, phoneFieldsOf } from '../../components/auth/phone-fields.tsx';
import { loadCountries } from '../../components/auth/countries.server.ts';
import { numberIn, useNavigateSoon, withPhone } from '../../components/auth/flow.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'settings.new_number_title');

export const loader = (args: Route.LoaderArgs) => loadCountries(args);

export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const sent = numberIn(await request.formData());
  return { answer: await api.POST('/api/user/change-phone/send-code', { body: sent }), sent };
}

type Values = { country_code: string; phone: string };

/** Step 1 of the phone change: the new number; a code goes to it, then the confirmation page. */
export default function ChangeMobilePhonePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const navigateSoon = useNavigateSoon();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<typeof action>();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { country_code: loaderData.countries[0]?.key ?? DEFAULT_COUNTRY_CODE, phone: '' },
    validate: schemaValidate(changePhoneSendBody, lang),
    validateInputOnBlur: true,
  });
  const busy = fetcher.state !== 'idle';

  useChangeEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    const { answer, sent } = fetcher.data;
    handle(answer as Answer, {
      successToast: true,
      onSuccess: () =>
        navigateSoon(withPhone(to('/settings/phone_number_change_confirmation'), sent.phone, sent.country_code)),
      onError: (a) => form.setErrors(answerFieldErrors(a)),
    });
  }, [fetcher.state, fetcher.data]);

  return (
    <AccountPage title={t('settings.new_number_title')} intro={t('settings.new_number_intro')}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form
          method="post"
          noValidate
          onSubmit={form.onSubmit(
            (values) =>
              fetcher.submit({ phone: values.phone.trim(), country_code: values.country_code }, { method: 'post' }),
            focusFirstError,
          )}
          data-testid="change-phone-form"
        >
          <Stack gap="lg">
            <PhoneFields
              countries={loaderData.countries}
              {...phoneFieldsOf(form)}
              disabled={busy}
              phoneLabel={t('settings.new_number')}
              phoneTestId="new-phone"
            />
            <Text fz="sm" c="dimmed">
              {t('settings.change_step2')}
            </Text>
            <Button
              type="submit"
              size="md"
              loading={busy}
              leftSection={<IconSend size={18} aria-hidden />}
              data-testid="change-phone-send"
            >
              {t('settings.send_code')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </AccountPage>
  );
}
