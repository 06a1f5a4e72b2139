/**
 * Writing a reply on a complaint's page, for the customer and in the dashboard: the text, pictures
 * uploaded as they are picked, and the send button. Posts `{intent: 'reply', text, images}` to the
 * page's action through `fetcher`; empties itself once the answer is a success (the page tells).
 */
import { useState } from 'react';
import { Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { useFetcher } from 'react-router';
import { COMPLAINT_IMAGES_MAX, COMPLAINT_TEXT_MAX } from '@pool/contracts/complaints';
import type { Answer } from '../../lib/envelope.ts';
import type { Lang } from '../../lib/lang.ts';
import { ImageUploads } from '../maintenance/index.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

/** The send button, its arrow pointing the way the text runs. */
export function SendButton({
  label,
  lang,
  loading,
  testId,
  size,
}: {
  label: string;
  lang: Lang;
  loading: boolean;
  testId: string;
  size?: 'sm' | 'md';
}) {
  return (
    <Button
      type="submit"
      size={size}
      loading={loading}
      leftSection={<IconSend size={18} aria-hidden style={{ transform: lang === 'ar' ? 'scaleX(-1)' : undefined }} />}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

const fieldsOf = (a: Answer<unknown> | undefined) =>
  a && a.status === 422 && a.data && typeof a.data === 'object' ? (a.data as Record<string, string>) : {};

export function ReplyComposer({
  fetcher,
  lang,
  label,
  hint,
  imagesLabel,
  sendLabel,
  requiredText,
  uploadPath,
  testIds,
}: {
  fetcher: ReturnType<typeof useFetcher<Answer<unknown>>>;
  lang: Lang;
  label: string;
  hint: string;
  imagesLabel: string;
  sendLabel: string;
  /** The message of an empty reply. */
  requiredText: string;
  uploadPath: '/api/user/complaint-images' | '/api/admin/complaint-images';
  testIds: { text: string; send: string };
}) {
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [empty, setEmpty] = useState(false);
  useChangeEffect(() => {
    if (fetcher.data?.key !== 'success') return;
    setText('');
    setImages([]);
  }, [fetcher.data]);
  const errors = fieldsOf(fetcher.data);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setEmpty(true);
    const form = new FormData();
    form.append('intent', 'reply');
    form.append('text', text.trim());
    images.forEach((url) => form.append('images', url));
    void fetcher.submit(form, { method: 'post' });
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="form" noValidate onSubmit={submit}>
      <Stack gap="md">
        <Textarea
          label={label}
          description={hint}
          autosize
          minRows={3}
          maxLength={COMPLAINT_TEXT_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setEmpty(false);
          }}
          error={empty ? requiredText : errors.text}
          data-testid={testIds.text}
        />
        <ImageUploads
          lang={lang}
          value={images}
          onChange={setImages}
          max={COMPLAINT_IMAGES_MAX}
          error={Object.entries(errors).find(([k]) => k.startsWith('images'))?.[1]}
          path={uploadPath}
          label={imagesLabel}
        />
        <Group justify="flex-end">
          <SendButton label={sendLabel} lang={lang} loading={fetcher.state !== 'idle'} testId={testIds.send} />
        </Group>
      </Stack>
    </Paper>
  );
}
