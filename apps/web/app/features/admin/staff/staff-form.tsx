/** Adding or editing an engineer or technician: photo, name, phone, job, cities served and working hours. */
import { MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Country } from '@pool/contracts/account';
import { STAFF_JOBS, type StaffItem } from '@pool/contracts/people';
import { uploadAdminForm } from '../../../lib/api.client.ts';
import { FormActions } from '../edit-actions.tsx';
import { ImageField } from '../image-field.tsx';
import { countryChoices, ltrPhone as ltr, useImageForm } from '../use-image-form.ts';
import { formDataOf, initialValues, validateStaff, type StaffValues } from './values.ts';
import { WorkingHoursField } from './working-hours.tsx';

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
  const form = useForm<StaffValues>({
    mode: 'controlled',
    initialValues: initialValues(staff),
    validate: validateStaff,
    validateInputOnBlur: true,
  });

  const { file, busy, send, imageField } = useImageForm(form);

  const submit = form.onSubmit((values) => {
    const body = formDataOf(values, file);
    return send(
      (onProgress) =>
        staff
          ? uploadAdminForm('/api/admin/staff/{id}', body, onProgress, { id: staff.id })
          : uploadAdminForm('/api/admin/staff', body, onProgress),
      onDone,
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="staff-form">
      <Stack gap="md">
        <ImageField id="staff-image" label={t('staff.ui_photo')} current={staff?.image ?? null} {...imageField} />
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
            data={countryChoices(countries)}
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
