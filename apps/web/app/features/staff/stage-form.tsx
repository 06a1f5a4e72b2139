/**
 * The engineer posts a stage of the work while it is in progress: a title, an optional note and
 * photos from the phone's camera (each uploaded at once). Sent as `{intent: 'stage', stage}` JSON
 * to the page's action; emptied once posted.
 */
import { useState } from 'react';
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { CONSTRUCTION_STAGE_PHOTOS_MAX } from '@pool/contracts/construction';
import type { Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { submitJson, useStaffAnswer } from './answers.ts';
import { PhotosField, PhotosWaitNote, useUploadsRunning, type PhotoUpload } from './photos-field.tsx';
import { cst } from './texts.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export function StageForm({ orderId, upload }: { orderId: number; upload: PhotoUpload }) {
  const { t } = useTranslation();
  const handle = useStaffAnswer();
  const send = useFetcher<Answer>();
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = send.state !== 'idle';
  const { uploading, onBusy } = useUploadsRunning();

  useChangeEffect(() => {
    handle(send.data, {
      toast: true,
      success: () => {
        setTitle('');
        setNote('');
        setPhotos([]);
        setErrors({});
      },
      error: (a) => setErrors(answerFieldErrors(a)),
    });
  }, [send.data]);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (uploading) return;
        submitJson(send, { intent: 'stage', stage: { title: title.trim(), note: note.trim(), photos } });
      }}
      noValidate
      data-testid="stage-form"
    >
      <Stack gap="sm">
        <TextInput
          label={t(cst('stage_title'))}
          description={t(cst('stage_title_hint'))}
          withAsterisk
          value={title}
          maxLength={150}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          disabled={busy}
          data-testid="stage-title-input"
        />
        <Textarea
          label={t(cst('stage_note'))}
          value={note}
          autosize
          minRows={2}
          maxLength={2000}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
          disabled={busy}
          data-testid="stage-note-input"
        />
        <PhotosField
          orderId={orderId}
          label={t(cst('stage_photos'), { max: CONSTRUCTION_STAGE_PHOTOS_MAX })}
          photos={photos}
          onChange={setPhotos}
          disabled={busy}
          error={Object.entries(errors).find(([k]) => k.startsWith('photos'))?.[1]}
          testId="stage-photos"
          upload={upload}
          max={CONSTRUCTION_STAGE_PHOTOS_MAX}
          onBusy={onBusy}
        />
        <Button
          type="submit"
          loading={busy}
          disabled={uploading}
          leftSection={<IconSend size={18} aria-hidden />}
          data-testid="post-stage"
        >
          {t(cst('post_stage'))}
        </Button>
        {uploading && <PhotosWaitNote testId="stage-photos-wait" />}
      </Stack>
    </form>
  );
}
