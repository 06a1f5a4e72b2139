import { useCallback, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REPORT_PHOTOS_MAX } from '@pool/contracts/field-work';
import { uploadForm } from '../../lib/api.client.ts';
import type { Answer } from '../../lib/envelope.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useStaffAnswer } from './answers.ts';
import { st } from './texts.ts';

/** Uploads one photo (the multipart `image`), reporting progress; answers its URL. */
export type PhotoUpload = (form: FormData, onProgress: (percent: number) => void) => Promise<Answer<{ url: string }>>;

/**
 * Counts the uploads running in a form's photo fields (`onBusy`): its save waits for them, as a photo
 * still uploading when the form was saved was left out of it.
 */
export function useUploadsRunning() {
  const [running, setRunning] = useState(0);
  const onBusy = useCallback((busy: boolean) => setRunning((n) => Math.max(0, n + (busy ? 1 : -1))), []);
  return { uploading: running > 0, onBusy };
}

/** Under a form's save while its photos upload: why the save waits. */
export function PhotosWaitNote({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Text fz="sm" c="gray.7" role="status" data-testid={testId}>
      {t(st('photos_wait'))}
    </Text>
  );
}

/**
 * Photos taken with the phone's camera (`capture="environment"`; a computer offers its files), each
 * uploaded at once through the upload pipeline with its progress (a visit report's by default, or
 * `upload`), at most `max`; the form keeps the answered URLs.
 */
export function PhotosField({
  orderId,
  label,
  photos,
  onChange,
  disabled,
  error,
  testId,
  upload: uploadPhoto,
  max = REPORT_PHOTOS_MAX,
  onBusy,
}: {
  orderId: number;
  label: string;
  photos: string[];
  onChange: (photos: string[]) => void;
  disabled: boolean;
  error?: string;
  testId: string;
  upload?: PhotoUpload;
  max?: number;
  /** Told when an upload starts (true) and ends (false). */
  onBusy?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const handle = useStaffAnswer();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const latest = useRef(photos);
  latest.current = photos;

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('image', file);
    setProgress(0);
    onBusy?.(true);
    try {
      const answer = uploadPhoto
        ? await uploadPhoto(form, setProgress)
        : await uploadForm(lang, '/api/staff/orders/{id}/report/photos', form, setProgress, { id: orderId });
      handle(answer, { success: (d) => onChange([...latest.current, d.url]) });
    } catch {
      handle({ msg: t('common.network_error'), key: 'exception', data: null, status: 0 });
    } finally {
      onBusy?.(false);
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack gap={6} data-testid={testId}>
      <Text fw={700} fz="sm">
        {label}
      </Text>
      {photos.length > 0 && (
        <Group gap="xs">
          {photos.map((url, n) => (
            <div key={url} style={{ position: 'relative' }}>
              <Image src={url} alt={t(st('photo_alt'), { n: n + 1 })} w={84} h={84} radius="md" fit="cover" />
              {!disabled && (
                <ActionIcon
                  size="sm"
                  radius="xl"
                  color="red"
                  variant="filled"
                  pos="absolute"
                  top={4}
                  style={{ insetInlineEnd: 4 }}
                  onClick={() => onChange(photos.filter((p) => p !== url))}
                  aria-label={t(st('remove_photo'), { n: n + 1 })}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              )}
            </div>
          ))}
        </Group>
      )}
      {progress !== null && (
        <div>
          <Progress value={progress} animated aria-hidden />
          <Text fz="xs" c="gray.7" role="status">
            {t(st('uploading'), { percent: progress })}
          </Text>
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void upload(file);
        }}
        data-testid={`${testId}-input`}
      />
      <Button
        variant="light"
        leftSection={<IconCamera size={18} aria-hidden />}
        onClick={() => input.current?.click()}
        disabled={disabled || progress !== null || photos.length >= max}
        data-testid={`${testId}-take`}
      >
        {t(st('take_photo'))}
      </Button>
      {error && (
        <Text c="red.8" fz="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
