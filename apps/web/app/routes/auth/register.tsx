import { useEffect, useRef, useState } from 'react';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  FileButton,
  Group,
  Input,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconPhoto, IconTrash, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signUpBody } from '@pool/contracts/account';
import { DEFAULT_COUNTRY_CODE, IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@pool/contracts/core';
import type { Route } from './+types/register';
import { uploadForm } from '../../lib/api.client.ts';
import { useAnswerHandler, useToasts } from '../../lib/envelope.ts';
import { answerFieldErrors, schemaValidate } from '../../lib/forms.ts';
import { useLang } from '../../lib/use-lang.ts';
import { afterLogin, returnToIn, withReturnTo } from '../../lib/return-to.ts';
import { ltrInput, PhoneFields, phoneFieldsOf } from '../../components/auth/phone-fields.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { validateFilledOnBlur } from '../../components/auth/forms.ts';
import { codePage, phoneFrom } from '../../components/auth/flow.ts';
import { loadCountries } from '../../components/auth/countries.server.ts';
import { AuthHeading } from '../../components/auth/heading.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'auth.register_title');
/** Read by the auth layout: this form needs a wider card. */
export const handle = { wide: true };

export const loader = (args: Route.LoaderArgs) => loadCountries(args);

/** The same rule as the API's upload pipeline: extension and size (spec section 5). */
function imageProblem(file: File): 'validation.image' | 'validation.image_too_large' | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'validation.image';
  if (file.size > IMAGE_MAX_BYTES) return 'validation.image_too_large';
  return null;
}

const EMPTY = {
  name: '',
  phone: '',
  country_code: DEFAULT_COUNTRY_CODE,
  email: '',
  tax_number: '',
  commercial_record: '',
  bank_account_name: '',
  bank_name: '',
  iban: '',
  bank_account_number: '',
};
type Values = typeof EMPTY;

export default function Register({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const handleAnswer = useAnswerHandler();
  const toast = useToasts();
  const arrived = phoneFrom(search, location.state);
  const back = returnToIn(search);
  const [token, setToken] = useState(arrived.state.registration_token);
  const form = useForm<Values>({
    initialValues: { ...EMPTY, phone: arrived.phone, country_code: arrived.country_code || DEFAULT_COUNTRY_CODE },
    validate: schemaValidate(signUpBody, lang),
    enhanceGetInputProps: validateFilledOnBlur,
  });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);
  const resetFile = useRef<() => void>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (picked: File | null) => {
    resetFile.current?.(); // choosing the same file again still fires onChange
    if (!picked) return;
    const problem = imageProblem(picked);
    setImageError(problem ? t(problem) : null);
    setFile(problem ? null : picked);
  };
  const clearImage = () => {
    setFile(null);
    setImageError(null);
  };

  const submit = form.onSubmit(async (values) => {
    if (progress !== null || leaving) return;
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) if (v.trim()) body.append(k, v.trim());
    body.append('device_type', 'web');
    if (token) body.append('registration_token', token);
    if (file) body.append('image', file, file.name); // files after the text parts
    setProgress(0);
    let answer;
    try {
      answer = await uploadForm(lang, '/api/user/sign-up', body, setProgress);
    } catch {
      toast.error(t('common.network_error'));
      return;
    } finally {
      setProgress(null);
    }
    handleAnswer(answer, {
      successToast: true,
      onSuccess: (d) => {
        setLeaving(true);
        // A session was created (and its cookie set by the API): a full load lets the root loader see it.
        if ('token' in d) return window.location.assign(afterLogin(lang, back));
        form.reset();
        clearImage();
        navigate(...codePage(to('/auth/Otp'), d, back));
      },
      onError: (a) => {
        const errors = answerFieldErrors(a);
        const { image, registration_token: expired, ...fields } = errors;
        form.setErrors(fields);
        if (image) setImageError(image);
        if (expired) setToken(undefined); // verification too old: the number is editable again and a code is sent
      },
    });
  });

  const optional = (key: string) => (
    <>
      {t(key)}{' '}
      <Text span fz="xs" c="dimmed" fw={400}>
        ({t('auth.optional')})
      </Text>
    </>
  );
  const text = (field: keyof Values, label: string, extra: Partial<React.ComponentProps<typeof TextInput>> = {}) => (
    <TextInput
      label={optional(label)}
      {...form.getInputProps(field)}
      name={field}
      data-testid={`field-${field}`}
      {...extra}
    />
  );
  const busy = progress !== null || leaving;

  return (
    <Stack gap="lg">
      <AuthHeading
        title={t('auth.register_title')}
        subtitle={t(token ? 'auth.register_verified_subtitle' : 'auth.register_subtitle')}
      />
      <form onSubmit={submit} noValidate data-testid="register-form">
        <Stack gap="xl">
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('auth.section_personal')}
            </Title>
            <Input.Wrapper
              label={optional('auth.image_label')}
              labelElement="div"
              description={t('auth.image_hint')}
              error={imageError}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            >
              <Group gap="md" mt={6} mb={4} wrap="nowrap">
                <Avatar
                  src={preview}
                  alt={preview ? t('auth.image_preview') : t('auth.image_none')}
                  size={76}
                  radius={76}
                  color="cyan"
                  data-testid="image-preview"
                >
                  <IconUser size={36} aria-hidden />
                </Avatar>
                <Stack gap={6} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <FileButton
                      onChange={pick}
                      accept=".jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp"
                      resetRef={resetFile}
                      inputProps={{ 'aria-label': t('auth.image_label') }}
                    >
                      {(props) => (
                        <Button
                          {...props}
                          variant="default"
                          size="sm"
                          leftSection={<IconPhoto size={16} aria-hidden />}
                          disabled={busy}
                        >
                          {t('common.choose_image')}
                        </Button>
                      )}
                    </FileButton>
                    {file && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="sm"
                        leftSection={<IconTrash size={16} aria-hidden />}
                        onClick={clearImage}
                        disabled={busy}
                      >
                        {t('common.remove_image')}
                      </Button>
                    )}
                  </Group>
                  {file && (
                    <Text fz="xs" c="dimmed" truncate>
                      <bdi dir="ltr">
                        {file.name} · {(file.size / 1024 / 1024).toFixed(2)} MB
                      </bdi>
                    </Text>
                  )}
                </Stack>
              </Group>
            </Input.Wrapper>
            <TextInput
              label={t('auth.name_label')}
              withAsterisk
              placeholder={t('auth.name_placeholder')}
              autoComplete="name"
              autoFocus
              {...form.getInputProps('name')}
              name="name"
              data-testid="field-name"
            />
            <PhoneFields
              countries={loaderData.countries}
              {...phoneFieldsOf(form)}
              locked={!!token}
              description={
                token ? (
                  <Badge
                    component="span"
                    color="teal.9"
                    variant="outline"
                    size="sm"
                    leftSection={<IconCircleCheck size={12} aria-hidden />}
                  >
                    {t('auth.phone_verified')}
                  </Badge>
                ) : undefined
              }
            />
            {text('email', 'auth.email_label', {
              type: 'email',
              autoComplete: 'email',
              styles: ltrInput(lang),
              description: t('auth.email_hint'),
              placeholder: 'name@example.com',
            })}
          </Stack>

          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('auth.section_business')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {text('tax_number', 'auth.tax_number_label', { styles: ltrInput(lang), inputMode: 'numeric' })}
              {text('commercial_record', 'auth.commercial_record_label', {
                styles: ltrInput(lang),
                inputMode: 'numeric',
              })}
            </SimpleGrid>
          </Stack>

          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('auth.section_bank')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {text('bank_account_name', 'auth.bank_account_name_label', { autoComplete: 'cc-name' })}
              {text('bank_name', 'auth.bank_name_label')}
            </SimpleGrid>
            {text('iban', 'auth.iban_label', {
              autoComplete: 'off',
              placeholder: 'SA03 8000 0000 6080 1016 7519',
              styles: { input: { ...ltrInput(lang).input, textTransform: 'uppercase' } },
            })}
            {text('bank_account_number', 'auth.bank_account_number_label', {
              styles: ltrInput(lang),
              inputMode: 'numeric',
              autoComplete: 'off',
            })}
          </Stack>

          <Stack gap="xs">
            {progress !== null && (
              <>
                <Progress
                  value={progress}
                  size="lg"
                  striped
                  animated
                  aria-label={t('auth.upload_label')}
                  data-testid="upload-progress"
                />
                <Text fz="xs" c="dimmed" ta="center" aria-live="polite">
                  {t('common.upload_progress', { percent: progress })}
                </Text>
              </>
            )}
            <Button type="submit" size="md" fullWidth loading={busy} data-testid="register-submit">
              {t('auth.submit_register')}
            </Button>
          </Stack>
        </Stack>
      </form>
      <Text ta="center" fz="sm">
        {t('auth.have_account')}{' '}
        <Anchor component={Link} to={withReturnTo(to('/auth/login'), back)} fw={700}>
          {t('auth.login_link')}
        </Anchor>
      </Text>
    </Stack>
  );
}
