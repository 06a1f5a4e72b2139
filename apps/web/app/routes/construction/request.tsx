/**
 * `/construction`: the pool designer. Sizes in metres (typed or on sliders), the shape and the finish
 * from the dashboard's catalogue, extras, then where (as for a maintenance request), notes and pictures.
 * Beside the form the pool in 3D (2D where WebGL is missing) and the server's indicative price, both
 * following every change. Sending checks the form with the API's own schema and messages, saves the
 * picture of the design, then sends the request (the API's field errors land on the fields); the new
 * order opens.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Grid, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { AddressItem } from '@pool/contracts/cart';
import {
  CONSTRUCTION_IMAGES_MAX,
  constructionRequestBody,
  designFields,
  type ConstructionCatalogue,
  type ConstructionSize,
} from '@pool/contracts/construction';
import type { Route } from './+types/request';
import classes from './request.module.css';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { uploadForm } from '../../lib/api.client.ts';
import { asSent, type PathBody, type PathData } from '../../lib/api.ts';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { issuesToFields } from '../../lib/i18n.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useSettledNavigate } from '../../lib/use-settled-navigate.ts';
import { AccountPage } from '../../features/account/account-page.tsx';
import { ColourChoice, OptionsChoice, ShapeChoice, SizeField } from '../../features/construction/design-fields.tsx';
import {
  designBody,
  metresText,
  normaliseNumber,
  shownSizes,
  SIZES,
  START_SIZES,
  type DesignValues,
} from '../../features/construction/design.ts';
import { EstimateBar, EstimateBox, useEstimate } from '../../features/construction/estimate-box.tsx';
import { PoolView, type PoolViewHandle } from '../../features/construction/pool-view.tsx';
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

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'construction-site.title');

type City = { id: number; name: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  // A visitor not signed in gets the sign-in dialog over the page (an (auth) route): nothing to design yet.
  const none = {
    catalogue: null as ConstructionCatalogue | null,
    addresses: [] as AddressItem[],
    cities: [] as City[],
    signedIn: false,
  };
  if (!api.auth || api.auth.is_guest) return none;
  const [cat, a, c] = await Promise.all([
    api.GET('/api/user/construction/catalogue'),
    api.GET('/api/user/addresses'),
    api.GET('/api/user/cities'),
  ]);
  return {
    catalogue: isSuccess(cat) ? cat.data : null,
    addresses: isSuccess(a) ? a.data : [],
    cities: isSuccess(c) ? c.data : [],
    signedIn: true,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  if (field('intent') === 'address') return saveAddress(api, form);
  // The form's values as they came: the API validates them (only the chosen way of location is sent).
  return api.POST('/api/user/construction', {
    body: asSent<PathBody<'post', '/api/user/construction'>>({
      length: field('length'),
      width: field('width'),
      depth: field('depth'),
      design_type_id: field('design_type_id'),
      colour_id: field('colour_id'),
      options: form.getAll('options').map(String),
      notes: field('notes'),
      images: form.getAll('images').map(String),
      snapshot: field('snapshot'),
      ...sentLocation(form),
    }),
  });
}

type Errors = Record<string, React.ReactNode>;

export default function ConstructionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const handle = useAnswerHandler();
  const navigate = useSettledNavigate();
  const fetcher = useFetcher<Answer<PathData<'post', '/api/user/construction'>>>({ key: 'construction-request' });
  const { catalogue, addresses, cities } = loaderData;
  const [values, setValues] = useState<DesignValues>(() => ({
    length: metresText(START_SIZES.length),
    width: metresText(START_SIZES.width),
    depth: metresText(START_SIZES.depth),
    design_type_id: catalogue?.design_types[0] ? String(catalogue.design_types[0].id) : '',
    colour_id: catalogue?.colours[0] ? String(catalogue.colours[0].id) : '',
    options: [],
  }));
  const [notes, setNotes] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [where, setWhere] = useState<LocationValues>(() => firstLocation(addresses));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const estimate = useEstimate(values);
  // The phone's bar shows the range only while the estimate's box is out of sight.
  const estimateBox = useRef<HTMLDivElement>(null);
  const [boxInView, setBoxInView] = useState(true);
  useEffect(() => {
    const el = estimateBox.current;
    if (!el) return;
    const watch = new IntersectionObserver(([entry]) => setBoxInView(entry!.isIntersecting));
    watch.observe(el);
    return () => watch.disconnect();
  }, [catalogue]);
  const view = useRef<PoolViewHandle>(null);
  // The sizes drawn: the last allowed ones while a value is being typed.
  const [drawn, setDrawn] = useState(START_SIZES);

  const set = (changes: Partial<DesignValues>) => {
    const next = { ...values, ...changes };
    setValues(next);
    setDrawn((d) => shownSizes(next, d));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(changes)) delete next[k];
      return next;
    });
  };

  useChangeEffect(() => {
    handle(fetcher.data, {
      successToast: true,
      onSuccess: (order) => navigate(to(`/orders/pool_construction/${order.id}`)),
      onError: (a) => setErrors(answerFieldErrors(a)),
    });
  }, [fetcher.data]);

  /** A size's error as soon as it is typed (the API's own rule and message). */
  const checkSize = (size: ConstructionSize) => {
    const checked = designFields[size].safeParse(normaliseNumber(values[size]));
    if (!checked.success)
      setErrors((e) => ({ ...e, [size]: Object.values(issuesToFields(lang, checked.error.issues as never))[0] }));
  };

  const type = catalogue?.design_types.find((d) => String(d.id) === values.design_type_id);
  const colour = catalogue?.colours.find((c) => String(c.id) === values.colour_id);
  const design = useMemo(
    () => ({ shape: type?.shape ?? 'rectangle', ...drawn, colour: colour?.hex ?? '#2d9cdb', options: values.options }),
    [type?.shape, colour?.hex, values.options, drawn],
  );
  const names = {
    shape: type?.name ?? '',
    colour: colour?.name ?? '',
    options: (catalogue?.options ?? []).filter((o) => values.options.includes(o.key)).map((o) => o.name),
  };

  if (!catalogue || !catalogue.design_types.length || !catalogue.colours.length)
    return (
      <AccountPage title={t('construction-site.title')} intro={t('construction-site.intro')}>
        {loaderData.signedIn ? (
          <Alert color="orange" data-testid="construction-unavailable">
            {t('construction-site.no_catalogue')}
          </Alert>
        ) : null}
      </AccountPage>
    );

  const body = () => ({ ...designBody(values), notes: notes.trim(), images, ...locationBody(where) });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const sent = body();
    // The snapshot is made last: check everything else first (a stand-in URL for the check).
    const parsed = constructionRequestBody.safeParse({ ...sent, snapshot: '-' });
    const found: Errors = parsed.success ? {} : issuesToFields(lang, parsed.error.issues as never);
    if (found.design_type_id) found.design_type_id = t('construction-site.design_type_required');
    if (found.colour_id) found.colour_id = t('construction-site.colour_required');
    setErrors(found);
    if (Object.keys(found).length) {
      const first = document.querySelector<HTMLElement>(`[data-field="${Object.keys(found)[0]}"]`);
      first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    setSaving(true);
    let snapshot: string | null = null;
    try {
      const picture = await view.current!.capture();
      const form = new FormData();
      form.append('image', picture, 'design.png');
      const answer = await uploadForm(lang, '/api/user/construction-images', form, () => undefined);
      if (answer.key === 'success' && answer.data) snapshot = answer.data.url;
    } catch {
      snapshot = null;
    } finally {
      setSaving(false);
    }
    if (!snapshot) {
      setErrors({ snapshot: t('construction-site.snapshot_failed') });
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...sent, snapshot })) {
      if (Array.isArray(v)) v.forEach((x) => form.append(k, x));
      else form.append(k, v);
    }
    void fetcher.submit(form, { method: 'post' });
  };

  const busy = saving || fetcher.state !== 'idle';
  const sizeError = (s: ConstructionSize) => errors[s];
  return (
    <AccountPage title={t('construction-site.title')} intro={t('construction-site.intro')} size="lg">
      <form noValidate onSubmit={(e) => void submit(e)} data-testid="construction-form">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <Box className={classes.aside}>
              <Stack gap="md">
                <PoolView ref={view} design={design} names={names} />
                <div ref={estimateBox}>
                  <EstimateBox state={estimate} />
                </div>
              </Stack>
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            <Stack gap="lg">
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                <Stack gap="md">
                  <Text fw={700} component="h2" fz="lg">
                    {t('construction-site.sizes')}
                  </Text>
                  {SIZES.map((s) => (
                    <SizeField
                      key={s}
                      size={s}
                      value={values[s]}
                      onChange={(text) => set({ [s]: text })}
                      onBlur={() => checkSize(s)}
                      error={sizeError(s)}
                    />
                  ))}
                </Stack>
              </Paper>
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                <Stack gap="lg">
                  <ShapeChoice
                    items={catalogue.design_types}
                    value={values.design_type_id}
                    onChange={(id) => set({ design_type_id: id })}
                    error={errors.design_type_id}
                  />
                  <ColourChoice
                    items={catalogue.colours}
                    value={values.colour_id}
                    onChange={(id) => set({ colour_id: id })}
                    error={errors.colour_id}
                  />
                  <OptionsChoice
                    options={catalogue.options}
                    value={values.options}
                    onChange={(options) => set({ options })}
                  />
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
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                <Stack gap="md">
                  <Textarea
                    data-field="notes"
                    label={t('construction-site.notes')}
                    placeholder={t('construction-site.notes_hint')}
                    autosize
                    minRows={3}
                    maxLength={2000}
                    value={notes}
                    onChange={(e) => setNotes(e.currentTarget.value)}
                    error={errors.notes}
                    data-testid="construction-notes"
                  />
                  <div data-field="images">
                    <ImageUploads
                      lang={lang}
                      value={images}
                      onChange={setImages}
                      max={CONSTRUCTION_IMAGES_MAX}
                      error={errors.images}
                      path="/api/user/construction-images"
                      label={t('construction-site.images')}
                    />
                  </div>
                </Stack>
              </Paper>
              {errors.snapshot ? (
                <Alert color="red" data-testid="snapshot-error">
                  {errors.snapshot}
                </Alert>
              ) : null}
              <Box hiddenFrom="md" className={classes.bar}>
                {boxInView ? null : <EstimateBar state={estimate} />}
              </Box>
              <Group justify="flex-end">
                <Button
                  type="submit"
                  size="md"
                  loading={busy}
                  leftSection={
                    <IconSend size={18} aria-hidden style={{ transform: lang === 'ar' ? 'scaleX(-1)' : undefined }} />
                  }
                  data-testid="construction-submit"
                >
                  {t('construction-site.send_request')}
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </AccountPage>
  );
}
