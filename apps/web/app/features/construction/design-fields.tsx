/**
 * The designer's fields: each size typed (Arabic digits too) or set on its slider, the shape among the
 * catalogue's design types with their pictures, the finish among its colours (swatches), the extras.
 */
import { Checkbox, ColorSwatch, Group, Image, Radio, SimpleGrid, Slider, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CONSTRUCTION_LIMITS,
  type ConstructionCatalogue,
  type ConstructionOption,
  type ConstructionSize,
} from '@pool/contracts/construction';
import { formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { clampSize, metresText, parseMetres } from './design.ts';

export function SizeField({
  size,
  value,
  onChange,
  onBlur,
  error,
}: {
  size: ConstructionSize;
  value: string;
  onChange: (text: string) => void;
  /** The typed value is complete: check it. */
  onBlur: () => void;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { min, max } = CONSTRUCTION_LIMITS[size];
  const metres = parseMetres(value);
  const label = t(`construction-site.${size}`);
  return (
    <Stack gap={6} data-field={size}>
      <TextInput
        label={label}
        description={t('construction-site.size_hint', { min: formatNumber(lang, min), max: formatNumber(lang, max) })}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        inputMode="decimal"
        autoComplete="off"
        maxLength={6}
        withAsterisk
        rightSection={
          <Text fz="sm" c="gray.7" aria-hidden>
            {t('construction-site.metres', { value: '' }).trim()}
          </Text>
        }
        error={error}
        data-testid={`size-${size}`}
      />
      <Slider
        min={min}
        max={max}
        step={0.1}
        value={clampSize(size, metres ?? min)}
        onChange={(v) => onChange(metresText(v))}
        label={(v) => t('construction-site.metres', { value: formatNumber(lang, Math.round(v * 10) / 10) })}
        thumbLabel={label}
        mx={4}
        data-testid={`slider-${size}`}
      />
    </Stack>
  );
}

/** One of the catalogue's items, as cards in a radio group (the field's error under it). */
function CardChoice<T extends { id: number }>({
  label,
  field,
  items,
  value,
  onChange,
  error,
  card,
}: {
  label: string;
  field: string;
  items: T[];
  value: string;
  onChange: (id: string) => void;
  error?: React.ReactNode;
  /** The card's content and its test attributes. */
  card: (item: T) => { content: React.ReactNode; testId: string; shape?: string };
}) {
  return (
    <Radio.Group
      value={value || null}
      onChange={onChange}
      label={label}
      withAsterisk
      error={error}
      data-field={field}
      data-testid={`${field}-choice`}
    >
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
        {items.map((item) => {
          const c = card(item);
          return (
            <Radio.Card
              key={item.id}
              value={String(item.id)}
              radius="md"
              p="xs"
              data-testid={c.testId}
              data-shape={c.shape}
            >
              {c.content}
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}

type ChoiceProps<T> = { items: T[]; value: string; onChange: (id: string) => void; error?: React.ReactNode };

export function ShapeChoice(props: ChoiceProps<ConstructionCatalogue['design_types'][number]>) {
  const { t } = useTranslation();
  return (
    <CardChoice
      {...props}
      label={t('construction-site.design_type')}
      field="design_type_id"
      card={(d) => ({
        testId: 'design-type',
        shape: d.shape,
        content: (
          <Stack gap={6} align="center">
            <Image src={d.image} alt="" h={64} w="100%" fit="contain" />
            <Group gap={6} wrap="nowrap">
              <Radio.Indicator size="xs" />
              <Text fz="sm" fw={600}>
                {d.name}
              </Text>
            </Group>
          </Stack>
        ),
      })}
    />
  );
}

export function ColourChoice(props: ChoiceProps<ConstructionCatalogue['colours'][number]>) {
  const { t } = useTranslation();
  return (
    <CardChoice
      {...props}
      label={t('construction-site.colour')}
      field="colour_id"
      card={(c) => ({
        testId: 'colour',
        content: (
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={c.hex} size={28} withShadow aria-hidden />
            <Text fz="sm" fw={600} style={{ minWidth: 0 }}>
              {c.name}
            </Text>
          </Group>
        ),
      })}
    />
  );
}

export function OptionsChoice({
  options,
  value,
  onChange,
}: {
  options: ConstructionCatalogue['options'];
  value: ConstructionOption[];
  onChange: (keys: ConstructionOption[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      value={value}
      onChange={(v) => onChange(v as ConstructionOption[])}
      label={t('construction-site.options')}
      data-testid="options"
    >
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        {options.map((o) => (
          <Checkbox key={o.key} value={o.key} label={o.name} data-testid={`option-${o.key}`} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
