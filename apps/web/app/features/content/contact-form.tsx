import { Button, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useNavigate } from 'react-router';
import { contactUsBody } from '@pool/contracts/content';
import { REDIRECT_DELAY_MS } from '@pool/contracts/core';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors, schemaValidate } from '../../lib/forms.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useRoot } from '../../lib/use-root.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

const MESSAGE_MAX = 2000;

/** The contact form: checked in the browser with the API's schema, sent through the route action. */
export function ContactForm() {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { viewer } = useRoot();
  const navigate = useNavigate();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<Answer<null>>();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: viewer?.kind === 'user' ? viewer.name : '',
      phone: viewer?.kind === 'user' ? viewer.phone : '',
      message: '',
    },
    validate: schemaValidate(contactUsBody, lang),
    validateInputOnBlur: true,
  });

  useChangeEffect(() => {
    if (!fetcher.data) return;
    handle(fetcher.data, {
      successToast: true,
      onSuccess: () => {
        form.reset();
        setTimeout(() => navigate(to('/')), REDIRECT_DELAY_MS); // spec section 4: home after 1 s
      },
      onError: (answer) => form.setErrors(answerFieldErrors(answer)),
    });
  }, [fetcher.data]);

  const busy = fetcher.state !== 'idle';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} h="100%">
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={form.onSubmit((values) => fetcher.submit(values, { method: 'post' }))}
        data-testid="contact-form"
      >
        <Stack gap="md">
          <Title order={2} fz="h3">
            {t('contact.form_title')}
          </Title>
          <TextInput
            label={t('contact.name')}
            placeholder={t('contact.name_placeholder')}
            autoComplete="name"
            required
            maxLength={100}
            {...form.getInputProps('name')}
            name="name"
          />
          <TextInput
            label={t('contact.phone')}
            description={t('contact.phone_hint')}
            placeholder={t('contact.phone_placeholder')}
            autoComplete="tel-national"
            inputMode="numeric"
            styles={{ input: { direction: 'ltr', textAlign: lang === 'ar' ? 'right' : 'left' } }}
            required
            maxLength={10}
            {...form.getInputProps('phone')}
            name="phone"
          />
          <Textarea
            label={t('contact.message')}
            placeholder={t('contact.message_placeholder')}
            required
            autosize
            minRows={5}
            maxRows={12}
            maxLength={MESSAGE_MAX}
            {...form.getInputProps('message')}
            name="message"
            description={
              <Text component="span" fz="xs" c="dimmed" dir="ltr">
                {t('contact.message_count', { count: form.values.message.length, max: MESSAGE_MAX })}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Button
            type="submit"
            size="md"
            loading={busy}
            leftSection={
              <IconSend size={18} aria-hidden style={lang === 'ar' ? { transform: 'scaleX(-1)' } : undefined} />
            }
            style={{ alignSelf: 'flex-start' }}
            data-testid="contact-submit"
          >
            {t('contact.send')}
          </Button>
        </Stack>
      </fetcher.Form>
    </Paper>
  );
}
