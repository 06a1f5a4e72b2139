/**
 * `/Immediate_maintenance`: a maintenance request. The problem and the place
 * in words, pictures (uploaded at once, with progress), the visit's day and
 * time in Riyadh (Hijri beside Gregorian; a past time refused at its field),
 * and where: a saved address, a map pin or the national address short code.
 * Checked here with the API's own schema and messages, then by the API (its
 * field errors land on the fields); the new order opens.
 */
import { useState } from 'react';
import { Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { AddressItem } from '@pool/contracts/cart';
import { MAINTENANCE_IMAGES_MAX, maintenanceRequestBody } from '@pool/contracts/maintenance';
import type { Route } from './+types/request';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { asSent, type PathBody, type PathData } from '../../lib/api.ts';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { issuesToFields } from '../../lib/i18n.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useSettledNavigate } from '../../lib/use-settled-navigate.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { DateField } from '../../features/dates/date-field.tsx';
import { isDay, normaliseTime } from '../../features/dates/riyadh-day.ts';
import { TimeField, timeProblem } from '../../features/dates/time-field.tsx';
import { ImageUploads } from '../../features/maintenance/image-uploads.tsx';
import {
  firstLocation,
  LocationCard,
  locationBody,
  withoutLocationErrors,
  type LocationValues,
} from '../../features/maintenance/location-field.tsx';
import { saveAddress, sentLocation } from '../../features/maintenance/location.server.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'maintenance-site.title');

type City = { id: number; name: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const url = new URL(request.url);
  const date = url.searchParams.get('date');
  const time = normaliseTime(url.searchParams.get('time') ?? '');
  const asked = { date: isDay(date) ? date : null, time };
  if (!api.auth || api.auth.is_guest) return { addresses: [] as AddressItem[], cities: [] as City[], asked };
  const [a, c] = await Promise.all([api.GET('/api/user/addresses'), api.GET('/api/user/cities')]);
  return { addresses: isSuccess(a) ? a.data : [], cities: isSuccess(c) ? c.data : [], asked };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  if (field('intent') === 'address') return saveAddress(api, form);
  // The form's values as they came: the API validates them (only the chosen way of location is sent).
  const located = sentLocation(form);
  return api.POST('/api/user/immediate-maintenance', {
    body: asSent<PathBody<'post', '/api/user/immediate-maintenance'>>({
      problem: field('problem'),
      place: field('place'),
      images: form.getAll('images').map(String),
      date: field('date'),
      time: field('time'),
      ...located,
    }),
  });
}

type Values = { problem: string; place: string; date: string | null; time: string | null; images: string[] };
type Errors = Record<string, React.ReactNode>;

export default function MaintenanceRequestPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const handle = useAnswerHandler();
  const navigate = useSettledNavigate();
  const fetcher = useFetcher<Answer<PathData<'post', '/api/user/immediate-maintenance'>>>({
    key: 'maintenance-request',
  });
  const { addresses, cities, asked } = loaderData;
  const [values, setValues] = useState<Values>({
    problem: '',
    place: '',
    date: asked.date,
    time: asked.time,
    images: [],
  });
  const [where, setWhere] = useState<LocationValues>(() => firstLocation(addresses));
  const [errors, setErrors] = useState<Errors>({});
  const set = (changes: Partial<Values>) => {
    setValues((v) => ({ ...v, ...changes }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(changes)) delete next[k];
      return next;
    });
  };

  useChangeEffect(() => {
    handle(fetcher.data, {
      successToast: true,
      onSuccess: (order) => navigate(to(`/orders/immediate_maintenance/${order.id}`)),
      onError: (a) => setErrors(answerFieldErrors(a)),
    });
  }, [fetcher.data]);

  const body = () => ({
    problem: values.problem.trim(),
    place: values.place.trim(),
    images: values.images,
    date: values.date ?? '',
    time: values.time ?? '',
    ...locationBody(where),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const sent = body();
    const parsed = maintenanceRequestBody.safeParse(sent);
    const found: Errors = parsed.success ? {} : issuesToFields(lang, parsed.error.issues as never);
    if (!values.date) found.date = t('maintenance-site.date_required');
    if (!values.time) found.time = t('maintenance-site.time_required');
    else if (timeProblem(values.date, values.time)) found.time = t(timeProblem(values.date, values.time)!);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = document.querySelector<HTMLElement>(`[data-field="${Object.keys(found)[0]}"]`);
      first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(sent)) {
      if (Array.isArray(v)) v.forEach((x) => form.append(k, x));
      else form.append(k, v);
    }
    void fetcher.submit(form, { method: 'post' });
  };

  const busy = fetcher.state !== 'idle';
  /** The problem or the place in words, with its hint. */
  const text = (name: 'problem' | 'place', minRows: number, maxLength: number) => (
    <Textarea
      data-field={name}
      label={t(`maintenance-site.${name}`)}
      placeholder={t(`maintenance-site.${name}_hint`)}
      withAsterisk
      autosize
      minRows={minRows}
      maxLength={maxLength}
      value={values[name]}
      onChange={(e) => set({ [name]: e.currentTarget.value })}
      error={errors[name]}
      name={name}
      data-testid={`maintenance-${name}`}
    />
  );
  return (
    <AccountPage title={t('maintenance-site.title')} intro={t('maintenance-site.intro')}>
      <form noValidate onSubmit={submit} data-testid="maintenance-form">
        <Stack gap="lg">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              {text('problem', 3, 2000)}
              {text('place', 2, 500)}
              <div data-field="images">
                <ImageUploads
                  lang={lang}
                  value={values.images}
                  onChange={(images) => set({ images })}
                  max={MAINTENANCE_IMAGES_MAX}
                  error={errors.images}
                />
              </div>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <div data-field="date">
                <DateField
                  lang={lang}
                  label={t('maintenance-site.date_label')}
                  value={values.date}
                  onChange={(date) => set({ date })}
                  error={errors.date}
                />
              </div>
              <div data-field="time">
                <TimeField
                  day={values.date}
                  label={t('maintenance-site.time_label')}
                  value={values.time}
                  onChange={(time) => set({ time })}
                  error={errors.time}
                />
              </div>
            </Stack>
          </Paper>
          <LocationCard
            value={where}
            onChange={(next) => {
              setWhere(next);
              setErrors(withoutLocationErrors);
            }}
            addresses={addresses}
            cities={cities}
            errors={errors}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              loading={busy}
              leftSection={
                <IconSend size={18} aria-hidden style={{ transform: lang === 'ar' ? 'scaleX(-1)' : undefined }} />
              }
              data-testid="maintenance-submit"
            >
              {t('maintenance-site.send_request')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountPage>
  );
}
