/**
 * Dashboard pool construction prices: what the server's estimate is computed from (riyals before
 * VAT, the VAT-inclusive figure shown as typed): the price per m² of lined surface and per m³ of
 * volume, each extra's price, and how far below and above the computed price the range shown to
 * customers reaches. Read-only for an admin without construction.edit.
 */
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { CONSTRUCTION_OPTIONS } from '@pool/contracts/construction';
import type { ConstructionPrices } from '@pool/contracts/construction-admin';
import type { Route } from './+types/prices';
import type { Answer } from '../../../lib/envelope.ts';
import { asSent, type AsSent, type PathBody } from '../../../lib/api.ts';
import { answerFieldErrors } from '../../../lib/forms.ts';
import { adminApi, answerOf, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAnswerEffect } from '../../../features/admin/admin-page.tsx';
import { adminMeta } from '../../../features/admin/meta.ts';
import { SarPriceInput } from '../../../features/admin/sar-price-input.tsx';
import { useMay } from '../../../features/admin/use-admin.ts';
import { pricesBody, pricesValues, type PricesValues } from '../../../features/admin/construction/values.ts';

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'construction-admin.prices_title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  return { prices: must(await api.GET('/api/admin/construction/prices')) };
}

type Body = PathBody<'put', '/api/admin/construction/prices'>;

export async function action({ request, context }: Route.ActionArgs) {
  const api = await adminApi(context, request);
  // The form's fields as the page sent them: the API validates them.
  const body = (await request.json().catch(() => ({}))) as AsSent<Body>;
  return answerOf(await api.PUT('/api/admin/construction/prices', { body: asSent<Body>(body) }));
}

function PriceGroup({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {hint ? (
          <Text fz="sm" c="gray.7">
            {hint}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}

export default function ConstructionPricesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const may = useMay();
  const { prices } = loaderData;
  const editable = may('construction.edit');
  const fetcher = useFetcher<Answer<ConstructionPrices>>({ key: 'construction-prices' });
  const form = useForm<PricesValues>({ mode: 'controlled', initialValues: pricesValues(prices) });
  useAnswerEffect(fetcher.data, {
    onSuccess: (saved) => form.setValues(pricesValues(saved)),
    onError: (a) => form.setErrors(answerFieldErrors(a)),
  });
  const busy = fetcher.state !== 'idle';
  const submit = form.onSubmit(
    (v) => void fetcher.submit(pricesBody(v), { method: 'post', encType: 'application/json' }),
  );
  const price = (name: string, label: string, testId: string) => (
    <SarPriceInput
      label={label}
      vatRate={prices.vat_rate}
      disabled={busy || !editable}
      {...form.getInputProps(name)}
      value={form.getInputProps(name).value as string}
      data-testid={testId}
    />
  );

  return (
    <AdminPage title={t('construction-admin.prices_title')} description={t('construction-admin.prices_about')}>
      <form onSubmit={submit} noValidate data-testid="construction-prices-form">
        <Stack gap="md" maw={760}>
          {!editable ? (
            <Text fz="sm" c="gray.7">
              {t('construction-admin.prices_readonly')}
            </Text>
          ) : null}
          <PriceGroup title={t('construction-admin.prices_base')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Stack gap={4}>
                {price('surface_m2_sar', t('construction-admin.surface_m2_sar'), 'price-surface')}
                <Text fz="xs" c="gray.7">
                  {t('construction-admin.surface_hint')}
                </Text>
              </Stack>
              <Stack gap={4}>
                {price('volume_m3_sar', t('construction-admin.volume_m3_sar'), 'price-volume')}
                <Text fz="xs" c="gray.7">
                  {t('construction-admin.volume_hint')}
                </Text>
              </Stack>
            </SimpleGrid>
          </PriceGroup>
          <PriceGroup title={t('construction-admin.prices_options')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {CONSTRUCTION_OPTIONS.map((k) => (
                <div key={k}>
                  {price(
                    `options.${k}`,
                    t('construction-admin.option_price', { name: t(`construction.option_${k}`) }),
                    `price-option-${k}`,
                  )}
                </div>
              ))}
            </SimpleGrid>
          </PriceGroup>
          <PriceGroup title={t('construction-admin.prices_range')} hint={t('construction-admin.range_hint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label={t('construction-admin.low_percent')}
                withAsterisk
                min={0}
                max={90}
                allowDecimal={false}
                allowNegative={false}
                disabled={busy || !editable}
                {...form.getInputProps('low_percent')}
                data-testid="price-low"
              />
              <NumberInput
                label={t('construction-admin.high_percent')}
                withAsterisk
                min={0}
                max={200}
                allowDecimal={false}
                allowNegative={false}
                disabled={busy || !editable}
                {...form.getInputProps('high_percent')}
                data-testid="price-high"
              />
            </SimpleGrid>
          </PriceGroup>
          {editable ? (
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={busy}
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                data-testid="prices-save"
              >
                {t('construction-admin.prices_save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </AdminPage>
  );
}
