/**
 * The price offer editor: lines picked from the spare parts and extra services catalogue or typed
 * (kind, names in Arabic and English, quantity, unit price in SAR), with each line's total and the
 * offer's subtotal, VAT and total worked out live by the server's own sums (`offerTotals`).
 * Sending posts `{intent: 'offer', lines (JSON, halalas), send}` to the page's action.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconListSearch, IconPencilPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import {
  OFFER_LINE_KINDS,
  offerTotals,
  type OfferLineKind,
  type ServiceOrderDetail,
} from '@pool/contracts/maintenance';
import { toHalalas } from '@pool/contracts/core';
import type { Answer } from '../../../lib/envelope.ts';
import { answerFieldErrors } from '../../../lib/forms.ts';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';
import { useAnswerEffect } from '../admin-page.tsx';
import { ConfirmAction } from '../confirm-action.tsx';

/** A spare part or extra service of the catalogue, as the picker offers it. */
export type CatalogueOption = {
  id: number;
  kind: 'spare_part' | 'extra_service';
  name_ar: string;
  name_en: string;
  price: number;
};

type Line = {
  key: number;
  kind: OfferLineKind;
  item_id: number | null;
  name_ar: string;
  name_en: string;
  quantity: number;
  /** SAR as typed. */
  price: string;
};

const CATALOGUE_KINDS = ['spare_part', 'extra_service'] as const;
let nextKey = 1;
const sar = (halalas: number) => (halalas / 100).toFixed(2).replace(/\.00$/, '');

/** The saved lines; one picked from the catalogue stays linked while its item is still offered, else it reads as typed. */
function fromOffer(offer: ServiceOrderDetail['offer'], options: CatalogueOption[]): Line[] {
  return (offer?.lines ?? []).map((l) => ({
    key: nextKey++,
    kind: l.kind,
    item_id: l.item_id !== null && options.some((o) => o.id === l.item_id && o.kind === l.kind) ? l.item_id : null,
    name_ar: l.name_ar,
    name_en: l.name_en,
    quantity: l.quantity,
    price: sar(l.unit_price),
  }));
}

/** The lines as the API takes them (halalas); an unreadable price counts 0 in the live sums. */
const toBody = (lines: Line[]) =>
  lines.map((l) => ({
    kind: l.kind,
    item_id: l.item_id ?? undefined,
    name_ar: l.name_ar.trim(),
    name_en: l.name_en.trim(),
    quantity: l.quantity,
    unit_price: toHalalas(l.price),
  }));

export function OfferEditor({
  offer,
  options,
  taxRate,
  intro,
}: {
  offer: ServiceOrderDetail['offer'];
  /** The catalogue lines may be picked from (none: typed lines only). */
  options: CatalogueOption[];
  /** Percent, e.g. 15: the rate the server prices the offer at (the order detail's `tax_rate`). */
  taxRate: number;
  /** What the editor says first, when the kind says more than maintenance's. */
  intro?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer<unknown>>({ key: 'service-offer' });
  const [lines, setLines] = useState<Line[]>(() => fromOffer(offer, options));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useAnswerEffect(fetcher.data, { onError: (a) => setErrors(answerFieldErrors(a)) });
  useEffect(() => setErrors({}), [lines]);

  const body = toBody(lines);
  const totals = useMemo(
    () =>
      offerTotals(
        body.map((l) => ({ ...l, unit_price: Number.isNaN(l.unit_price) ? 0 : l.unit_price })),
        Math.round(taxRate * 100),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines, taxRate],
  );
  const change = (key: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const add = (kind: OfferLineKind, fromCatalogue: boolean) =>
    setLines((ls) => [
      ...ls,
      { key: nextKey++, kind, item_id: fromCatalogue ? 0 : null, name_ar: '', name_en: '', quantity: 1, price: '' },
    ]);
  const kindChoices = OFFER_LINE_KINDS.map((k) => ({ value: k, label: t(`operations.line_kind_${k}`) }));
  const money = (h: number) => formatMoney('ar', h);
  const errorAt = (i: number, field: string) => errors[`lines.${i}.${field}`];
  const send = () =>
    void fetcher.submit({ intent: 'offer', lines: JSON.stringify(body), send: 'true' }, { method: 'post' });

  return (
    <Paper withBorder radius="lg" p="md" data-testid="offer-editor">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('operations.offer')}
        </Title>
        <Text fz="sm" c="gray.7">
          {intro ?? t('operations.offer_intro')}
        </Text>
        {lines.length > 0 ? (
          <Stack gap="xs">
            {lines.map((l, i) => {
              const n = i + 1;
              const catalogue = l.item_id !== null;
              return (
                <Paper key={l.key} withBorder radius="md" p="xs" bg="gray.0" data-testid="offer-line">
                  <Grid gap="xs" align="flex-start">
                    <Grid.Col span={{ base: 12, xs: 6, md: 2 }}>
                      <Select
                        label={t('operations.line_kind')}
                        aria-label={`${t('operations.line_kind')} ${n}`}
                        data={
                          catalogue
                            ? kindChoices.filter((k) => CATALOGUE_KINDS.includes(k.value as never))
                            : kindChoices
                        }
                        value={l.kind}
                        allowDeselect={false}
                        onChange={(v) =>
                          v &&
                          change(l.key, {
                            kind: v as OfferLineKind,
                            ...(catalogue ? { item_id: 0, name_ar: '', name_en: '', price: '' } : {}),
                          })
                        }
                        error={errorAt(i, 'kind')}
                        data-testid="offer-line-kind"
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, md: 4 }}>
                      <Stack gap={4}>
                        {catalogue ? (
                          <Select
                            label={t('operations.line_pick')}
                            aria-label={`${t('operations.line_pick')} ${n}`}
                            placeholder={t('operations.line_pick_placeholder')}
                            data={options
                              .filter((o) => o.kind === l.kind)
                              .map((o) => ({ value: String(o.id), label: `${o.name_ar} · ${money(o.price)}` }))}
                            value={l.item_id ? String(l.item_id) : null}
                            searchable
                            nothingFoundMessage={t('common.no_data')}
                            onChange={(v) => {
                              const o = options.find((x) => String(x.id) === v);
                              if (o)
                                change(l.key, {
                                  item_id: o.id,
                                  name_ar: o.name_ar,
                                  name_en: o.name_en,
                                  price: sar(o.price),
                                });
                            }}
                            error={errorAt(i, 'item_id') ?? errorAt(i, 'name_ar')}
                            data-testid="offer-line-item"
                          />
                        ) : (
                          <>
                            <TextInput
                              label={t('operations.line_name_ar')}
                              aria-label={`${t('operations.line_name_ar')} ${n}`}
                              value={l.name_ar}
                              maxLength={150}
                              onChange={(e) => change(l.key, { name_ar: e.currentTarget.value })}
                              error={errorAt(i, 'name_ar')}
                              data-testid="offer-line-name-ar"
                            />
                            <TextInput
                              label={t('operations.line_name_en')}
                              aria-label={`${t('operations.line_name_en')} ${n}`}
                              value={l.name_en}
                              maxLength={150}
                              dir="ltr"
                              onChange={(e) => change(l.key, { name_en: e.currentTarget.value })}
                              error={errorAt(i, 'name_en')}
                              data-testid="offer-line-name-en"
                            />
                          </>
                        )}
                      </Stack>
                    </Grid.Col>
                    <Grid.Col span={{ base: 4, md: 1 }}>
                      <NumberInput
                        label={t('operations.line_quantity')}
                        aria-label={`${t('operations.line_quantity')} ${n}`}
                        value={l.quantity}
                        min={1}
                        max={1000}
                        allowDecimal={false}
                        allowNegative={false}
                        onChange={(v) => change(l.key, { quantity: Math.max(1, Math.trunc(Number(v) || 1)) })}
                        error={errorAt(i, 'quantity')}
                        data-testid="offer-line-quantity"
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 8, md: 2 }}>
                      <TextInput
                        label={t('operations.line_price')}
                        aria-label={`${t('operations.line_price')} ${n}`}
                        value={l.price}
                        inputMode="decimal"
                        dir="ltr"
                        onChange={(e) => change(l.key, { price: e.currentTarget.value.trim() })}
                        error={
                          errorAt(i, 'unit_price') ??
                          (l.price !== '' && Number.isNaN(toHalalas(l.price)) ? t('validation.invalid') : undefined)
                        }
                        data-testid="offer-line-price"
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 9, md: 2 }}>
                      <Stack gap={6}>
                        <Text fz="sm" fw={500}>
                          {t('operations.line_total')}
                        </Text>
                        <Text fw={700} data-testid="offer-line-total">
                          {money(totals.lines[i]?.net ?? 0)}
                        </Text>
                      </Stack>
                    </Grid.Col>
                    <Grid.Col span={{ base: 3, md: 1 }}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={28}
                        aria-label={t('operations.line_remove', { n })}
                        onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Grid.Col>
                  </Grid>
                </Paper>
              );
            })}
          </Stack>
        ) : null}
        {errors.lines ? (
          <Text c="red.8" fz="sm" role="alert">
            {errors.lines}
          </Text>
        ) : null}
        <Group gap="sm">
          {options.length > 0 ? (
            <Button
              variant="light"
              leftSection={<IconListSearch size={16} aria-hidden />}
              onClick={() => add('spare_part', true)}
              data-testid="offer-add-catalogue"
            >
              {t('operations.add_catalogue_line')}
            </Button>
          ) : null}
          <Button
            variant="light"
            color="gray"
            leftSection={<IconPencilPlus size={16} aria-hidden />}
            onClick={() => add('service', false)}
            data-testid="offer-add-typed"
          >
            {t('operations.add_typed_line')}
          </Button>
        </Group>
        <OfferSums totals={totals} />
        <Group justify="flex-end">
          <ConfirmAction
            label={t('operations.send_offer')}
            question={t('operations.send_offer_q', { total: money(totals.total) })}
            color="cyan"
            variant="filled"
            size="sm"
            icon={<IconSend size={16} aria-hidden />}
            loading={fetcher.state !== 'idle'}
            disabled={lines.length === 0}
            onConfirm={send}
            testId="offer-send"
          />
        </Group>
      </Stack>
    </Paper>
  );
}

/** Subtotal, discount, VAT with its rate, and the total: the figures the customer will see. */
export function OfferSums({
  totals,
}: {
  totals: { subtotal: number; discount: number; tax: number; tax_rate: number; total: number };
}) {
  const { t } = useTranslation();
  const money = (h: number) => formatMoney('ar', h);
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Group justify="space-between" gap="md">
      <Text fz="sm" fw={strong ? 700 : 500}>
        {label}
      </Text>
      <Text fz={strong ? 'md' : 'sm'} fw={strong ? 800 : 600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4} maw={380} ms="auto" w="100%" data-testid="offer-sums">
      {row(t('operations.subtotal'), money(totals.subtotal), 'offer-subtotal')}
      {totals.discount ? row(t('operations.line_kind_discount'), money(-totals.discount), 'offer-discount') : null}
      {row(t('operations.vat', { rate: formatPercent('ar', totals.tax_rate) }), money(totals.tax), 'offer-vat')}
      {row(t('operations.total'), money(totals.total), 'offer-total', true)}
    </Stack>
  );
}

/** The offer as sent (read-only once the customer has it): its lines and sums, or "no offer yet". */
export function OfferView({ offer }: { offer: ServiceOrderDetail['offer'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="offer-view">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('operations.offer')}
        </Title>
        {offer === null ? (
          <Text fz="sm" c="gray.7">
            {t('operations.offer_none')}
          </Text>
        ) : (
          <>
            {offer.lines.map((l) => (
              <Group key={l.id} justify="space-between" gap="sm" wrap="nowrap" data-testid="offer-view-line">
                <Stack gap={0}>
                  <Text fz="sm" fw={600}>
                    {l.name_ar}
                  </Text>
                  <Text fz="xs" c="gray.7">
                    {t(`operations.line_kind_${l.kind}`)} · {formatNumber('ar', l.quantity)} ×{' '}
                    {formatMoney('ar', l.unit_price)}
                  </Text>
                </Stack>
                <Text fz="sm" fw={600}>
                  {formatMoney('ar', l.net)}
                </Text>
              </Group>
            ))}
            <OfferSums
              totals={{
                subtotal: offer.lines.reduce((s, l) => s + Math.max(0, l.net), 0),
                discount: offer.prices.discount,
                tax: offer.prices.tax,
                tax_rate: offer.prices.tax_rate,
                total: offer.prices.total,
              }}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
