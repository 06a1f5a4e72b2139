/**
 * What the dashboard's forms with a picture share (admins, staff, my profile): the chosen file and
 * its error, the upload's progress, and sending the multipart form with the answer handled the
 * dashboard's way (field errors on the form, the picture's on the picture, a toast when offline).
 */
import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Country } from '@pool/contracts/account';
import { DEFAULT_COUNTRY_CODE } from '@pool/contracts/core';
import { useToasts, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { useAdminAnswer } from './admin-page.tsx';

/** A phone reads left to right, on the start side like the other fields. */
export const ltrPhone = { styles: { input: { direction: 'ltr' as const, textAlign: 'right' as const } } };

/** The country-code choices of a phone field (the default code while the list is empty). */
export const countryChoices = (countries: Country[]) =>
  (countries.length ? countries : [{ key: DEFAULT_COUNTRY_CODE, name: '' } as Country]).map((c) => ({
    value: c.key,
    label: `+${c.key} ${c.name}`.trim(),
  }));

export function useImageForm<V>(form: UseFormReturnType<V>) {
  const { t } = useTranslation();
  const handle = useAdminAnswer();
  const toast = useToasts();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  /** Sends through `upload` (given the progress callback); `onSuccess` after a successful answer. */
  async function send(upload: (onProgress: (p: number) => void) => Promise<Answer<unknown>>, onSuccess: () => void) {
    setProgress(0);
    try {
      handle(await upload(setProgress), {
        onSuccess,
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
  }

  return {
    file,
    setFile,
    busy: progress !== null,
    send,
    /** The ImageField's props (with its `id`, `label` and `current`). */
    imageField: {
      file,
      error: fileError,
      progress,
      onFile: (f: File | null, error: string | null) => {
        setFile(f);
        setFileError(error);
      },
    },
  };
}
