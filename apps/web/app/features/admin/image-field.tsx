/** An image field of a dashboard form: preview, choose / undo, the API's file rules, and the upload progress. */
import { useEffect, useState } from 'react';
import { Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@pool/contracts/core';
import { translate } from './texts.ts';

/** The same image rules as the API (spec section 5): jpg, jpeg, png or gif, at most 5 MB. */
export function imageError(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || !file.type.startsWith('image/'))
    return translate('ar', 'validation.image');
  if (file.size > IMAGE_MAX_BYTES) return translate('ar', 'validation.image_too_large');
  return null;
}

export function ImageField({
  id,
  label,
  current,
  file,
  onFile,
  error,
  progress,
}: {
  id: string;
  label: string;
  current: string | null;
  file: File | null;
  onFile: (file: File | null, error: string | null) => void;
  error?: string | null;
  /** 0-100 while uploading. */
  progress: number | null;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const pick = (f: File | null) => {
    const problem = f ? imageError(f) : null;
    onFile(problem ? null : f, problem);
  };
  return (
    <Stack gap={6}>
      <Group wrap="nowrap" gap="md" align="center">
        <Avatar
          src={preview ?? current}
          alt={preview ? t('admin.people_new_image_alt') : ''}
          size={72}
          radius={72}
          color="cyan"
          data-testid={`${id}-preview`}
        />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text fw={600} fz="sm" id={`${id}-label`}>
            {label}
          </Text>
          <Group gap="xs">
            <FileButton
              onChange={pick}
              accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
              inputProps={{ 'aria-labelledby': `${id}-label`, 'data-testid': `${id}-input` } as never}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="xs"
                  leftSection={<IconPhoto size={16} aria-hidden />}
                  aria-describedby={`${id}-hint`}
                >
                  {t('common.choose_image')}
                </Button>
              )}
            </FileButton>
            {file ? (
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                onClick={() => onFile(null, null)}
              >
                {t('common.remove_image')}
              </Button>
            ) : null}
          </Group>
          <Text fz="xs" c="dimmed" id={`${id}-hint`}>
            {t('admin.people_image_hint')}
          </Text>
        </Stack>
      </Group>
      {error ? (
        <Text fz="sm" c="red.8" role="alert" data-testid={`${id}-error`}>
          {error}
        </Text>
      ) : null}
      {progress !== null ? (
        <Stack gap={2}>
          <Progress
            value={progress}
            size="sm"
            animated
            aria-label={t('common.upload_progress', { percent: progress })}
          />
          <Text fz="xs" c="dimmed" data-testid={`${id}-progress`}>
            {t('common.upload_progress', { percent: progress })}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
