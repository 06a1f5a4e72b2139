/**
 * A product's gallery (or a group's pictures): images uploaded one by one with
 * a progress bar each, shown in order, moved earlier or later, removed. The
 * form keeps the URLs the upload route returns.
 */
import { useState } from 'react';
import { ActionIcon, Button, FileButton, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_MAX_IMAGES } from '@pool/contracts/catalogue';
import { IMAGE_EXTENSIONS } from '@pool/contracts/core';
import type { PathAnswer } from '../../../lib/api.ts';
import { useToasts } from '../../../lib/envelope.ts';
import { imageError } from '../image-field.tsx';

type Upload = { name: string; percent: number };

/** Uploads one image (a form with `image`) for the product or a new one, reporting progress (0-100). */
export type UploadImage = (
  form: FormData,
  onProgress: (percent: number) => void,
) => Promise<PathAnswer<'post', '/api/admin/products/images'>>;

export function Gallery({
  label,
  images,
  onChange,
  upload,
  error,
  testId,
  compact = false,
}: {
  label: string;
  images: string[];
  onChange: (images: string[]) => void;
  upload: UploadImage;
  error?: React.ReactNode;
  testId: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToasts();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const size = compact ? 48 : 96;

  const add = async (files: File[]) => {
    let current = images;
    for (const file of files.slice(0, PRODUCT_MAX_IMAGES - images.length)) {
      const problem = imageError(file);
      if (problem) {
        toast.error(t('common.label_of', { label: file.name, name: problem }));
        continue;
      }
      setUploads((u) => [...u, { name: file.name, percent: 0 }]);
      const progress = (percent: number) =>
        setUploads((u) => u.map((x) => (x.name === file.name ? { ...x, percent } : x)));
      try {
        const form = new FormData();
        form.append('image', file);
        const answer = await upload(form, progress);
        if (answer.key === 'success') {
          current = [...current, answer.data.url];
          onChange(current);
        } else toast.error(Object.values((answer.data ?? {}) as Record<string, string>)[0] ?? answer.msg);
      } catch {
        toast.error(t('cms.ui_upload_failed'));
      } finally {
        setUploads((u) => u.filter((x) => x.name !== file.name));
      }
    }
  };
  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };

  return (
    <Stack gap="xs" data-testid={testId}>
      <Group justify="space-between" gap="xs">
        {compact ? null : (
          <Text fw={600} fz="sm">
            {label}
          </Text>
        )}
        <FileButton
          multiple
          onChange={(files) => void add(files)}
          accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          inputProps={{ 'data-testid': `${testId}-input`, 'aria-label': label } as never}
        >
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
              disabled={images.length >= PRODUCT_MAX_IMAGES}
            >
              {compact ? t('catalogue.ui_add_image') : t('catalogue.ui_add_images')}
            </Button>
          )}
        </FileButton>
      </Group>
      {images.length ? (
        <Group gap="sm">
          {images.map((url, i) => (
            <Paper key={url} withBorder radius="md" p={4} pos="relative" data-testid={`${testId}-image`}>
              <Image
                src={url}
                alt={t('catalogue.ui_image_n', { n: i + 1 })}
                w={size}
                h={size}
                radius="sm"
                fit="cover"
              />
              <Group gap={2} justify="center" mt={4} wrap="nowrap">
                {!compact ? (
                  <>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={t('catalogue.ui_image_earlier', { n: i + 1 })}
                    >
                      <IconArrowRight size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      disabled={i === images.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={t('catalogue.ui_image_later', { n: i + 1 })}
                    >
                      <IconArrowLeft size={14} aria-hidden />
                    </ActionIcon>
                  </>
                ) : null}
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  onClick={() => onChange(images.filter((_, k) => k !== i))}
                  aria-label={t('catalogue.ui_image_remove', { n: i + 1 })}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Group>
      ) : !compact ? (
        <Text fz="sm" c="dimmed">
          {t('catalogue.ui_no_images')}
        </Text>
      ) : null}
      {uploads.map((u) => (
        <Stack key={u.name} gap={2} data-testid="upload-progress">
          <Text fz="xs" c="dimmed" aria-live="polite">
            {t('cms.ui_uploading', { percent: u.percent })}
          </Text>
          <Progress value={u.percent} animated size="sm" aria-label={t('cms.ui_upload_progress')} />
        </Stack>
      ))}
      {error ? (
        <Text fz="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
