import { useEffect, useState } from 'react';
import {
  Anchor,
  Avatar,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhoto, IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useNavigate } from 'react-router';
import { updateProfileBody, type User } from '@pool/contracts/account';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@pool/contracts/core';
import { translate } from '../../lib/i18n.ts';
import type { Route } from './+types/edit-profile';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { saveAuth } from '../../lib/cookies.server.ts';
import { uploadForm } from '../../lib/api.client.ts';
import { useAnswerHandler, useToasts } from '../../lib/envelope.ts';
import { displayPhone } from '../../lib/format.ts';
import { answerFieldErrors, schemaValidate } from '../../lib/forms.ts';
import { localePath, type Lang } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { loadProfile } from '../../features/account/profile.server.ts';
import { focusFirstError } from '../../features/account/focus-first-error.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'profile.edit_title');

export async function loader({ request, context }: Route.LoaderArgs) {
  return { user: await loadProfile(await apiFor(context, request)) };
}

/** Without JavaScript the form posts here; the page's script uploads straight to the API instead (with progress). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const res = await api.multipart('/api/user/update-profile', request);
  if (isSuccess(res) && api.auth && !api.auth.is_guest) {
    throw redirect(localePath(api.lang, '/profile'), {
      headers: { 'set-cookie': await saveAuth({ ...api.auth, ...res.data }) },
    });
  }
  return { answer: res };
}

const FIELDS = [
  'name',
  'email',
  'tax_number',
  'commercial_record',
  'bank_account_name',
  'bank_name',
  'iban',
  'bank_account_number',
] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** The same image rules as the API (spec section 5): jpg, jpeg, png or gif, at most 5 MB. */
function imageError(lang: Lang, file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || !file.type.startsWith('image/'))
    return translate(lang, 'validation.image');
  if (file.size > IMAGE_MAX_BYTES) return translate(lang, 'validation.image_too_large');
  return null;
}

function ImagePicker({
  user,
  file,
  onFile,
  error,
}: {
  user: User;
  file: File | null;
  onFile: (f: File | null) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <Group wrap="nowrap" gap="md" align="center">
      <Avatar
        src={preview ?? user.image}
        name={user.name}
        alt={preview ? t('profile.new_image_alt') : user.image ? user.name : undefined}
        size={88}
        radius={88}
        color="cyan"
        data-testid="edit-avatar"
      />
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Text fw={600} id="image-label">
          {t('profile.image')}
        </Text>
        <Group gap="xs">
          <FileButton
            onChange={onFile}
            accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
            inputProps={{ 'aria-labelledby': 'image-label', name: 'image' } as never}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconPhoto size={16} aria-hidden />}
                aria-describedby="image-hint"
              >
                {t('profile.change_image')}
              </Button>
            )}
          </FileButton>
          {file && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => onFile(null)}
            >
              {t('profile.undo_image')}
            </Button>
          )}
        </Group>
        <Text fz="xs" c="dimmed" id="image-hint">
          {t('profile.image_hint')}
        </Text>
        {error ? (
          <Text fz="sm" c="red.8" role="alert" data-testid="image-error">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

function EditForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const navigate = useNavigate();
  const handle = useAnswerHandler();
  const toast = useToasts();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    // The IBAN is stored compact; show it in groups of four as people write it.
    initialValues: {
      ...(Object.fromEntries(FIELDS.map((f) => [f, user[f] ?? ''])) as Values),
      iban: (user.iban ?? '').replace(/(.{4})(?=.)/g, '$1 '),
    },
    validate: schemaValidate(updateProfileBody, lang),
    validateInputOnBlur: true,
  });

  const pick = (f: File | null) => {
    const error = f ? imageError(lang, f) : null;
    setFileError(error);
    setFile(error ? null : f);
  };

  const submit = form.onSubmit(async (values) => {
    const body = new FormData();
    for (const f of FIELDS) body.append(f, values[f].trim());
    if (file) body.append('image', file);
    setProgress(0);
    try {
      const answer = await uploadForm(lang, '/api/user/update-profile', body, setProgress);
      handle(answer, {
        successToast: true,
        // The API refreshed the auth cookie; navigating re-runs the root loader, so the header shows the new name and image.
        onSuccess: () => navigate(to('/profile')),
        onError: (a) => {
          const errors = answerFieldErrors(a);
          if (errors.image) setFileError(errors.image);
          form.setErrors(errors);
        },
      });
    } catch {
      toast.error(t('common.network_error'));
    } finally {
      setProgress(null);
    }
  }, focusFirstError);

  const busy = progress !== null;
  const input = (name: keyof Values, extra: Partial<React.ComponentProps<typeof TextInput>> = {}) => (
    <TextInput label={t(`profile.${name}`)} {...form.getInputProps(name)} name={name} disabled={busy} {...extra} />
  );
  const ltr = { dir: 'ltr' as const };

  return (
    <form method="post" encType="multipart/form-data" onSubmit={submit} noValidate data-testid="edit-profile-form">
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} fz="h4">
              {t('profile.personal')}
            </Title>
            <ImagePicker user={user} file={file} onFile={pick} error={fileError} />
            {input('name', { withAsterisk: true, autoComplete: 'name', maxLength: 100 })}
            {input('email', { type: 'email', autoComplete: 'email', inputMode: 'email', ...ltr })}
            <Text fz="sm" c="dimmed">
              {t('profile.phone')}: <span data-testid="edit-phone">{displayPhone(user.country_code, user.phone)}</span>{' '}
              ·{' '}
              <Anchor component={Link} to={to('/settings/change_mobile_number')} fz="sm" underline="always">
                {t('profile.change_mobile')}
              </Anchor>
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} fz="h4">
              {t('profile.business')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {input('tax_number', { inputMode: 'numeric', maxLength: 30, ...ltr })}
              {input('commercial_record', { inputMode: 'numeric', maxLength: 30, ...ltr })}
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} fz="h4">
              {t('profile.bank')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {input('bank_account_name', { maxLength: 100 })}
              {input('bank_name', { maxLength: 100 })}
            </SimpleGrid>
            {input('iban', {
              placeholder: 'SA03 8000 0000 6080 1016 7519',
              autoComplete: 'off',
              spellCheck: false,
              maxLength: 42,
              ...ltr,
            })}
            {input('bank_account_number', { inputMode: 'numeric', autoComplete: 'off', maxLength: 34, ...ltr })}
          </Stack>
        </Paper>
        {busy && (
          <Stack gap={4} aria-live="polite">
            <Progress
              value={progress}
              size="md"
              striped
              animated
              aria-label={t('common.upload_progress', { percent: progress })}
            />
            <Text fz="sm" c="dimmed">
              {t('common.upload_progress', { percent: progress })}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={to('/profile')} variant="default" size="md">
            {t('common.cancel')}
          </Button>
          <Button type="submit" size="md" loading={busy} data-testid="edit-profile-save">
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function EditProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AccountPage title={t('profile.edit_title')} intro={t('profile.edit_intro')}>
      {loaderData.user ? <EditForm user={loaderData.user} /> : <Text c="dimmed">{t('profile.unavailable')}</Text>}
    </AccountPage>
  );
}
