/** Adding or editing an engineer or technician: photo, name, phone, job, cities served and working hours. */
import { useState } from 'react';
import { MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Country } from '@pool/contracts/account';
import { DEFAULT_COUNTRY_CODE } from '@pool/contracts/core';
import { STAFF_JOBS, type StaffItem } from '@pool/contracts/people';
import { uploadAdminForm } from '../../../lib/api.client.ts';
import { useToasts } from '../../../lib/envelope.ts';
import { answerFieldErrors } from '../../../lib/forms.ts';
import { useAdminAnswer } from '../admin-page.tsx';
import { FormActions } from '../edit-actions.tsx';
import { ImageField } from '../image-field.tsx';
import { formDataOf, initialValues, validateStaff, type StaffValues } from './values.ts';
import { WorkingHoursField } from './working-hours.tsx';

/** A phone reads left to right, on the start side like the other fields. */
const ltr = { styles: { input: { direction: 'ltr' as const, textAlign: 'right' as const } } };

export function StaffForm({
  staff,
  cities,
  countries,
  onDone,
}: {
  staff: StaffItem | null;
  cities: { id: number; name: string }[];
  countries: Country[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const handle = useAdminAnswer();
  const toast = useToasts();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<StaffValues>({
    mode: 'controlled',
    initialValues: initialValues(staff),
    validate: validateStaff,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setProgress(0);
    try {
      const body = formDataOf(values, file);
      const answer = staff
        ? await uploadAdminForm('/api/admin/staff/{id}', body, setProgress, { id: staff.id })
        : await uploadAdminForm('/api/admin/staff', body, setProgress);
      handle(answer, {
        onSuccess: onDone,
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
  });

  const busy = progress !== null;
  const countryOptions = (countries.length ? countries : [{ key: DEFAULT_COUNTRY_CODE, name: '' } as Country]).map(
    (c) => ({ value: c.key, label: `+${c.key} ${c.name}`.trim() }),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="staff-form">
      <Stack gap="md">
        <ImageField
          id="staff-image"
          label={t('staff.ui_photo')}
          current={staff?.image ?? null}
          file={file}
          onFile={(f, error) => {
            setFile(f);
            setFileError(error);
          }}
          error={fileError}
          progress={progress}
        />
        <TextInput
          label={t('admin.people_name')}
          withAsterisk
          maxLength={100}
          disabled={busy}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t('admin.people_country_code')}
            data={countryOptions}
            allowDeselect={false}
            withAsterisk
            disabled={busy}
            {...form.getInputProps('country_code')}
          />
          <TextInput
            label={t('admin.people_phone')}
            withAsterisk
            inputMode="numeric"
            maxLength={15}
            disabled={busy}
            description={staff ? t('staff.ui_phone_change_hint') : undefined}
            {...ltr}
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <Select
          label={t('staff.ui_job')}
          placeholder={t('staff.ui_choose_job')}
          data={STAFF_JOBS.map((j) => ({ value: j, label: t(`staff.ui_job_${j}`) }))}
          withAsterisk
          allowDeselect={false}
          disabled={busy}
          {...form.getInputProps('job')}
          data-testid="staff-form-job"
        />
        <MultiSelect
          label={t('staff.ui_cities')}
          placeholder={form.getValues().city_ids.length ? undefined : t('staff.ui_choose_cities')}
          description={t('staff.ui_cities_hint')}
          data={cities.map((c) => ({ value: String(c.id), label: c.name }))}
          withAsterisk
          searchable
          hidePickedOptions
          nothingFoundMessage={t('common.no_data')}
          disabled={busy}
          {...form.getInputProps('city_ids')}
          data-testid="staff-form-cities"
        />
        <WorkingHoursField form={form} disabled={busy} />
        <FormActions onCancel={onDone} busy={busy} lockCancel saveTestId="staff-form-submit" />
      </Stack>
    </form>
  );
}
