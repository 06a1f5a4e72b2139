/**
 * Pictures of the problem, each sent to the upload pipeline as soon as it is
 * picked (with its progress); the form keeps the stored URLs. A picture the
 * browser or the API refuses says why under the field.
 */
import { useState } from 'react';
import { ActionIcon, Box, Button, FileButton, Group, Input, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@pool/contracts/core';
import { uploadForm } from '../../lib/api.client.ts';
import { isSuccessAnswer } from './answers.ts';
import type { Lang } from '../../lib/lang.ts';
import { StoredImage } from '../../components/stored-image.tsx';

/** Why the browser refuses a file as a picture (an i18n key), or null. */
export function imageProblem(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || !file.type.startsWith('image/'))
    return 'validation.image';
  if (file.size > IMAGE_MAX_BYTES) return 'validation.image_too_large';
  return null;
}

/** The upload routes that answer a stored image's URL (`image` in a multipart form). */
type UploadPath =
  | '/api/user/maintenance-images'
  | '/api/user/construction-images'
  | '/api/user/complaint-images'
  | '/api/admin/complaint-images';

export function ImageUploads({
  lang,
  value,
  onChange,
  max,
  error,
  path = '/api/user/maintenance-images',
  label,
}: {
  lang: Lang;
  value: string[];
  onChange: (urls: string[]) => void;
  max: number;
  error?: React.ReactNode;
  /** Where the pictures go (the maintenance request's by default). */
  path?: UploadPath;
  label?: string;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const add = async (files: File[]) => {
    setProblem(null);
    let urls = value;
    const room = max - urls.length;
    if (files.length > room) setProblem(t('maintenance-site.images_max', { count: max }));
    for (const file of files.slice(0, Math.max(0, room))) {
      const refused = imageProblem(file);
      if (refused) {
        setProblem(t(refused));
        continue;
      }
      const body = new FormData();
      body.append('image', file);
      setProgress(0);
      try {
        const answer = await uploadForm(lang, path, body, setProgress);
        if (isSuccessAnswer(answer)) {
          urls = [...urls, answer.data.url];
          onChange(urls);
        } else {
          const fields = answer.data && typeof answer.data === 'object' ? Object.values(answer.data) : [];
          setProblem(String(fields[0] ?? answer.msg));
        }
      } catch {
        setProblem(t('common.network_error'));
      } finally {
        setProgress(null);
      }
    }
  };

  const shown = problem ?? error;
  return (
    <Input.Wrapper
      label={label ?? t('maintenance-site.images')}
      description={t('maintenance-site.images_hint', { count: max })}
      error={shown}
      data-testid="images-field"
    >
      <Stack gap="sm" mt={6}>
        {value.length ? (
          <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs">
            {value.map((url, i) => (
              <Box key={url} pos="relative" data-testid="image-thumb">
                <StoredImage
                  src={url}
                  alt={t('maintenance-site.image_alt', { n: i + 1 })}
                  width={120}
                  height={120}
                  sizes="120px"
                  className="maintenance-thumb"
                />
                <ActionIcon
                  pos="absolute"
                  top={4}
                  style={{ insetInlineEnd: 4 }}
                  color="red"
                  variant="filled"
                  size="sm"
                  aria-label={t('maintenance-site.remove_image', { n: i + 1 })}
                  onClick={() => onChange(value.filter((u) => u !== url))}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Box>
            ))}
          </SimpleGrid>
        ) : null}
        {progress !== null ? (
          <Stack gap={4} aria-live="polite">
            <Progress
              value={progress}
              striped
              animated
              aria-label={t('common.upload_progress', { percent: progress })}
            />
            <Text fz="sm" c="gray.7">
              {t('common.upload_progress', { percent: progress })}
            </Text>
          </Stack>
        ) : null}
        <Group>
          <FileButton
            multiple
            onChange={(files) => void add(files)}
            accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
            disabled={value.length >= max || progress !== null}
            inputProps={{ 'data-testid': 'images-input' } as never}
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoPlus size={18} aria-hidden />}>
                {t('maintenance-site.add_images')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
