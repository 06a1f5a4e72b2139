/**
 * The engineer's price offer on the project page: while it may be edited (after the assignment,
 * or after the customer rejected it), typed lines (kind, one name, quantity, unit price in riyals)
 * with the totals worked out live as the server will, and "send to the customer" asked first;
 * after, the offer as sent. Sent as `{intent: 'offer', lines}` JSON to the page's action.
 */
import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { OFFER_LINE_KINDS, type OfferLineKind } from '@pool/contracts/maintenance';
import type { StaffConstructionDetail } from '@pool/contracts/construction';
import type { Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { submitJson, useStaffAnswer } from './answers.ts';
import { lineErrors } from './lines.ts';
import { draftOf, newOfferLine, offerDraftTotals, offerLineBody, type OfferDraftLine } from './offer-lines.ts';
import { cst, st } from './texts.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

/** At most this many lines (the API's limit). */
const LINES_MAX = 50;

type Totals = { subtotal: number; discount: number; tax: number; tax_rate: number; total: number };

function Sums({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const money = (h: number) => formatMoney(lang, h);
  return (
    <Table fz="sm" data-testid="offer-sums">
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>{t(st('subtotal'))}</Table.Td>
          <Table.Td ta="end">{money(totals.subtotal)}</Table.Td>
        </Table.Tr>
        {totals.discount ? (
          <Table.Tr>
            <Table.Td>{t(cst('discount'))}</Table.Td>
            <Table.Td ta="end">{money(-totals.discount)}</Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr>
          <Table.Td>{t(st('vat'), { rate: formatPercent(lang, totals.tax_rate) })}</Table.Td>
          <Table.Td ta="end">{money(totals.tax)}</Table.Td>
        </Table.Tr>
        <Table.Tr fw={800}>
          <Table.Td>{t(st('total'))}</Table.Td>
          <Table.Td ta="end" data-testid="offer-total">
            {money(totals.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The offer as sent: its lines and sums. */
function OfferLines({ offer }: { offer: NonNullable<StaffConstructionDetail['offer']> }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Stack gap={6}>
      {offer.lines.map((l) => (
        <Group key={l.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="offer-line-view">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={600}>
              <bdi>{l.name}</bdi>
            </Text>
            <Text fz="xs" c="gray.7">
              {t(cst(`kind_${l.kind}`))} · {formatNumber(lang, l.quantity)} × {formatMoney(lang, l.unit_price)}
            </Text>
          </Stack>
          <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(lang, l.net)}
          </Text>
        </Group>
      ))}
      <Sums
        totals={{
          subtotal: offer.lines.reduce((s, l) => s + Math.max(0, l.net), 0),
          discount: offer.prices.discount,
          tax: offer.prices.tax,
          tax_rate: offer.prices.tax_rate,
          total: offer.prices.total,
        }}
      />
    </Stack>
  );
}

function LineFields({
  line,
  n,
  onChange,
  onRemove,
  error,
}: {
  line: OfferDraftLine;
  n: number;
  onChange: (patch: Partial<OfferDraftLine>) => void;
  onRemove: () => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="offer-line">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={700} fz="sm">
          {t(st('line_n'), { n })}
        </Text>
        <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t(st('remove_line'), { n })}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Stack gap={6}>
        <Select
          label={t(cst('kind'))}
          data={OFFER_LINE_KINDS.map((k) => ({ value: k, label: t(cst(`kind_${k}`)) }))}
          value={line.kind}
          allowDeselect={false}
          onChange={(v) => v && onChange({ kind: v as OfferLineKind })}
          data-testid="offer-line-kind"
        />
        <TextInput
          label={t(cst('line_name'))}
          value={line.name}
          maxLength={150}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          data-testid="offer-line-name"
        />
        {/* Side by side once both labels fit on one line; stacked on a phone. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <TextInput
            label={t(cst('unit_price'))}
            value={line.price}
            onChange={(e) => onChange({ price: e.currentTarget.value })}
            inputMode="decimal"
            dir="ltr"
            data-testid="offer-line-price"
          />
          <NumberInput
            label={t(st('quantity'))}
            value={line.quantity}
            onChange={(v) => onChange({ quantity: v })}
            min={1}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            data-testid="offer-line-quantity"
          />
        </SimpleGrid>
        <Text fz="xs" c="gray.7" data-testid="offer-line-total">
          {t(cst('line_total'), { total: formatMoney(lang, offerDraftTotals([line], 0).lines[0]?.net ?? 0) })}
        </Text>
        {error && (
          <Text c="red.8" fz="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function ConstructionOffer({ order }: { order: StaffConstructionDetail }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const handle = useStaffAnswer();
  const send = useFetcher<Answer>();
  const [lines, setLines] = useState<OfferDraftLine[]>(() => {
    const saved = draftOf(order.offer, lang);
    return saved.length ? saved : [newOfferLine()];
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState(false);
  const rateBp = Math.round(order.tax_rate * 100);
  const totals = offerDraftTotals(lines, rateBp);
  const busy = send.state !== 'idle';

  useChangeEffect(() => {
    handle(send.data, {
      toast: true,
      success: () => {
        setAsking(false);
        setErrors({});
      },
      error: (a) => {
        setAsking(false);
        setErrors(answerFieldErrors(a));
      },
    });
  }, [send.data]);
  useEffect(() => setErrors({}), [lines]);

  const change = (key: number, patch: Partial<OfferDraftLine>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const byLine = lineErrors(errors, lines, 'lines');

  if (!order.can_edit_offer) {
    return (
      <Card withBorder radius="md" padding="md" data-testid="offer-panel">
        <Title order={2} fz="h4" mb="xs">
          {t(cst('offer_title'))}
        </Title>
        {order.offer ? (
          <Stack gap="xs">
            {order.status === 'offer_sent' && (
              <Text fz="sm" c="gray.7">
                {t(cst('offer_waiting'))}
              </Text>
            )}
            <OfferLines offer={order.offer} />
          </Stack>
        ) : (
          <Text fz="sm" c="gray.7">
            {t(cst('offer_none'))}
          </Text>
        )}
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="offer-panel">
      <Title order={2} fz="h4">
        {t(cst('offer_title'))}
      </Title>
      <Text fz="sm" c="gray.7" mb="sm">
        {t(cst(order.status === 'offer_rejected' ? 'offer_rejected' : 'offer_intro'))}
      </Text>
      <Stack gap="xs">
        {lines.map((l, i) => (
          <LineFields
            key={l.key}
            line={l}
            n={i + 1}
            onChange={(patch) => change(l.key, patch)}
            onRemove={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
            error={byLine[l.key]}
          />
        ))}
      </Stack>
      {errors.lines && (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {errors.lines}
        </Alert>
      )}
      <Sums totals={totals} />
      <SimpleGrid mt="sm" cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setLines((ls) => [...ls, newOfferLine()])}
          disabled={lines.length >= LINES_MAX}
          data-testid="add-offer-line"
        >
          {t(st('add_line'))}
        </Button>
        <Button
          leftSection={<IconSend size={18} aria-hidden />}
          onClick={() => (lines.length ? setAsking(true) : setErrors({ lines: t(cst('needs_line')) }))}
          data-testid="send-offer"
        >
          {t(cst('send_offer'))}
        </Button>
      </SimpleGrid>
      <Modal opened={asking} onClose={() => !busy && setAsking(false)} title={t(st('confirm_title'))} centered>
        <Stack gap="md">
          <Text>{t(cst('send_offer_q'), { total: formatMoney(lang, totals.total) })}</Text>
          <Group grow>
            <Button variant="default" onClick={() => setAsking(false)} disabled={busy}>
              {t(st('cancel'))}
            </Button>
            <Button
              loading={busy}
              onClick={() => submitJson(send, { intent: 'offer', lines: lines.map((l) => offerLineBody(l, lang)) })}
              data-testid="confirm-send-offer"
            >
              {t(st('confirm_yes'))}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
