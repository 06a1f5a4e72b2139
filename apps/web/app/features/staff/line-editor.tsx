import { ActionIcon, Group, NumberInput, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceItemOption } from '@pool/contracts/service-items';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import type { DraftLine } from './lines.ts';
import { st } from './texts.ts';

/**
 * Lines of catalogue items or typed ones, with quantities (and, for extra services, typed
 * prices in riyals); `errors` by line key from the server's 422.
 */
export function LineEditor({
  lines,
  onChange,
  items,
  priced,
  errors,
  testId,
}: {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  items: ServiceItemOption[];
  /** Typed lines carry a price (extra services); parts used do not. */
  priced: boolean;
  errors: Record<number, string>;
  testId: string;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const set = (key: number, patch: Partial<DraftLine>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const options = items.map((i) => ({
    value: String(i.id),
    label: priced ? `${i.name} · ${formatMoney(lang, i.price)}` : i.name,
  }));
  return (
    <Stack gap="xs">
      {lines.map((l, n) => {
        const typed = !options.length || l.mode === 'typed';
        return (
          <Paper key={l.key} withBorder radius="md" p="sm" data-testid={`${testId}-line`}>
            <Group justify="space-between" mb={6} wrap="nowrap">
              <Text fw={700} fz="sm">
                {t(st('line_n'), { n: n + 1 })}
              </Text>
              <Group gap={4} wrap="nowrap">
                {options.length > 0 && (
                  <SegmentedControl
                    size="xs"
                    value={typed ? 'typed' : 'catalogue'}
                    onChange={(v) => set(l.key, { mode: v as DraftLine['mode'], item: '', name: '', price: '' })}
                    data={[
                      { value: 'catalogue', label: t(st('from_catalogue')) },
                      { value: 'typed', label: t(st('typed')) },
                    ]}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => onChange(lines.filter((x) => x.key !== l.key))}
                  aria-label={t(st('remove_line'), { n: n + 1 })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <Stack gap={6}>
              {typed ? (
                <TextInput
                  label={t(st('typed_name'))}
                  value={l.name}
                  onChange={(e) => set(l.key, { name: e.currentTarget.value })}
                  maxLength={150}
                  data-testid={`${testId}-name`}
                />
              ) : (
                <Select
                  label={t(st('pick_item'))}
                  placeholder={t(st('pick_item_placeholder'))}
                  data={options}
                  value={l.item || null}
                  onChange={(v) => set(l.key, { item: v ?? '' })}
                  searchable
                  nothingFoundMessage={t('auth.country_nothing_found')}
                  data-testid={`${testId}-item`}
                />
              )}
              <Group grow gap="xs" align="flex-start">
                {typed && priced && (
                  <TextInput
                    label={t(st('unit_price'))}
                    value={l.price}
                    onChange={(e) => set(l.key, { price: e.currentTarget.value })}
                    inputMode="decimal"
                    dir="ltr"
                    data-testid={`${testId}-price`}
                  />
                )}
                <NumberInput
                  label={t(st('quantity'))}
                  value={l.quantity}
                  onChange={(v) => set(l.key, { quantity: v })}
                  min={1}
                  max={1000}
                  allowDecimal={false}
                  allowNegative={false}
                  inputMode="numeric"
                  data-testid={`${testId}-quantity`}
                />
              </Group>
              {errors[l.key] && (
                <Text c="red.8" fz="sm" role="alert">
                  {errors[l.key]}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
