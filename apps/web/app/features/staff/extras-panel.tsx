import { useState } from 'react';
import { Badge, Button, Card, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { EXTRA_LINES_MAX, type OrderExtraView } from '@pool/contracts/field-work';
import type { ServiceItemOption } from '@pool/contracts/service-items';
import type { Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { formatMoney, formatPercent } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { submitJson, useStaffAnswer } from './answers.ts';
import { LineEditor } from './line-editor.tsx';
import { draftTotals, extraLineBody, lineErrors, newLine, type DraftLine } from './lines.ts';
import { st } from './texts.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

const EXTRA_COLORS = { proposed: 'orange', accepted: 'blue', paid: 'teal', rejected: 'red', expired: 'gray' } as const;

function ExtraCard({ extra }: { extra: OrderExtraView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="extra" data-status={extra.status}>
      <Group justify="space-between" mb="xs">
        <Badge color={EXTRA_COLORS[extra.status]} variant="light">
          {t(st(`extra_status_${extra.status}`))}
        </Badge>
        <Text fw={800}>{formatMoney(lang, extra.total)}</Text>
      </Group>
      <Stack gap={2}>
        {extra.lines.map((l) => (
          <Group key={l.id} justify="space-between" wrap="nowrap" fz="sm">
            <Text fz="sm">
              {l.name} × {l.quantity}
            </Text>
            <Text fz="sm" c="gray.7">
              {formatMoney(lang, l.net)}
            </Text>
          </Group>
        ))}
      </Stack>
      {extra.reject_reason && (
        <Text fz="sm" c="red.8" mt="xs">
          {t(st('extra_reject_reason'), { reason: extra.reject_reason })}
        </Text>
      )}
    </Card>
  );
}

/** Extra services of the order: those proposed, and (on site) a proposal of catalogue or typed lines with VAT shown live. */
export function ExtrasPanel({
  extras,
  canPropose,
  items,
  vatRateBp,
}: {
  extras: OrderExtraView[];
  canPropose: boolean;
  items: ServiceItemOption[];
  vatRateBp: number;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const handle = useStaffAnswer();
  const send = useFetcher<Answer>();
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const totals = draftTotals(lines, items, vatRateBp);

  useChangeEffect(() => {
    handle(send.data, {
      toast: true,
      success: () => {
        setLines([]);
        setErrors({});
      },
      error: (a) => setErrors(lineErrors(answerFieldErrors(a), lines, 'lines')),
    });
  }, [send.data]);

  const submit = () => submitJson(send, { intent: 'extras', lines: lines.map(extraLineBody) });

  return (
    <Card withBorder radius="md" padding="md" data-testid="extras-panel">
      <Title order={2} fz="h4">
        {t(st('extras_title'))}
      </Title>
      <Text fz="sm" c="gray.7" mb="sm">
        {t(st('extras_intro'))}
      </Text>
      <Stack gap="xs">
        {extras.length === 0 && !lines.length && (
          <Text fz="sm" c="gray.7">
            {t(st('extras_none'))}
          </Text>
        )}
        {extras.map((x) => (
          <ExtraCard key={x.id} extra={x} />
        ))}
      </Stack>
      {canPropose && (
        <>
          {lines.length > 0 && (
            <>
              <Divider my="sm" label={t(st('propose'))} labelPosition="center" />
              <LineEditor lines={lines} onChange={setLines} items={items} priced errors={errors} testId="extra" />
              <Table mt="sm" fz="sm" data-testid="extras-totals">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{t(st('subtotal'))}</Table.Td>
                    <Table.Td ta="end">{formatMoney(lang, totals.subtotal)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>{t(st('vat'), { rate: formatPercent(lang, vatRateBp / 100) })}</Table.Td>
                    <Table.Td ta="end">{formatMoney(lang, totals.tax)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr fw={800}>
                    <Table.Td>{t(st('total'))}</Table.Td>
                    <Table.Td ta="end" data-testid="extras-total">
                      {formatMoney(lang, totals.total)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </>
          )}
          {/* Side by side once both labels fit; stacked on a phone ("Send to the customer" was cut off). */}
          <SimpleGrid mt="sm" cols={{ base: 1, xs: lines.length > 0 ? 2 : 1 }} spacing="sm">
            <Button
              variant="default"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setLines([...lines, newLine()])}
              disabled={lines.length >= EXTRA_LINES_MAX}
              data-testid="add-extra-line"
            >
              {t(st('add_line'))}
            </Button>
            {lines.length > 0 && (
              <Button
                leftSection={<IconSend size={18} aria-hidden />}
                onClick={submit}
                loading={send.state !== 'idle'}
                data-testid="send-extras"
              >
                {t(st('propose_send'))}
              </Button>
            )}
          </SimpleGrid>
        </>
      )}
    </Card>
  );
}
