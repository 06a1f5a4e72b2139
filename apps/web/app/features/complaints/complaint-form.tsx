/**
 * A new inquiry or complaint: its kind, the message, pictures uploaded as they are picked, and,
 * on the order page, the order it is about. Checked here with the API's own schema and messages,
 * then by the API (its field errors land on the fields); the new complaint's page opens.
 */
import { useEffect, useState } from 'react';
import { Group, Input, Paper, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import {
  COMPLAINT_IMAGES_MAX,
  COMPLAINT_TEXT_MAX,
  complaintBody,
  type ComplaintDetail,
  type ComplaintKind,
} from '@pool/contracts/complaints';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { issuesToFields } from '../../lib/i18n.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useSettledNavigate } from '../../lib/use-settled-navigate.ts';
import { ImageUploads } from '../maintenance/index.ts';
import { SendButton } from './reply-composer.tsx';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

type Errors = Record<string, React.ReactNode>;

export function ComplaintForm({
  orderId,
  defaultKind = 'complaint',
  before,
}: {
  /** The order it is about (the order page's choice); its error shows on `before`. */
  orderId?: number | null;
  defaultKind?: ComplaintKind;
  /** What comes first in the form (the order page's list of orders). */
  before?: (error: React.ReactNode) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const handle = useAnswerHandler();
  const navigate = useSettledNavigate();
  const fetcher = useFetcher<Answer<ComplaintDetail>>({ key: 'complaint-file' });
  const [kind, setKind] = useState<ComplaintKind>(defaultKind);
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const clear = (...names: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !names.includes(k))));

  useEffect(() => clear('order_id'), [orderId]);
  useChangeEffect(() => {
    handle(fetcher.data, {
      successToast: true,
      onSuccess: (c) => navigate(to(`/more/complaints_inquiries/${c.id}`)),
      onError: (a) => setErrors(answerFieldErrors(a)),
    });
  }, [fetcher.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const sent = { kind, text: text.trim(), images, ...(orderId ? { order_id: orderId } : {}) };
    const parsed = complaintBody.safeParse(sent);
    const found: Errors = parsed.success ? {} : issuesToFields(lang, parsed.error.issues as never);
    if (before && !orderId) found.order_id = t('complaints.order_placeholder');
    setErrors(found);
    if (Object.keys(found).length) {
      document
        .querySelector<HTMLElement>(`[data-field="${Object.keys(found)[0]}"]`)
        ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    const form = new FormData();
    form.append('intent', 'file');
    form.append('kind', sent.kind);
    form.append('text', sent.text);
    if (orderId) form.append('order_id', String(orderId));
    images.forEach((url) => form.append('images', url));
    void fetcher.submit(form, { method: 'post' });
  };

  const imageError = Object.entries(errors).find(([k]) => k.startsWith('images'))?.[1];
  return (
    <form noValidate onSubmit={submit} data-testid="complaint-form">
      <Stack gap="lg">
        {before ? <div data-field="order_id">{before(errors.order_id)}</div> : null}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Input.Wrapper label={t('complaints.kind_label')} data-field="kind" error={errors.kind}>
              <SegmentedControl
                mt={6}
                fullWidth
                value={kind}
                onChange={(v) => {
                  setKind(v as ComplaintKind);
                  clear('kind');
                }}
                data={[
                  { value: 'complaint', label: t('complaints.kind_complaint') },
                  { value: 'inquiry', label: t('complaints.kind_inquiry') },
                ]}
                data-testid="complaint-kind"
              />
            </Input.Wrapper>
            <Textarea
              data-field="text"
              label={t('complaints.text_label')}
              placeholder={t('complaints.text_hint')}
              withAsterisk
              autosize
              minRows={4}
              maxLength={COMPLAINT_TEXT_MAX}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                clear('text');
              }}
              error={errors.text}
              name="text"
              data-testid="complaint-text"
            />
            <div data-field="images">
              <ImageUploads
                lang={lang}
                value={images}
                onChange={(urls) => {
                  setImages(urls);
                  setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('images'))));
                }}
                max={COMPLAINT_IMAGES_MAX}
                error={imageError}
                path="/api/user/complaint-images"
                label={t('complaints.images_label')}
              />
            </div>
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <SendButton
            label={t('complaints.send')}
            lang={lang}
            loading={fetcher.state !== 'idle'}
            size="md"
            testId="complaint-submit"
          />
        </Group>
      </Stack>
    </form>
  );
}
