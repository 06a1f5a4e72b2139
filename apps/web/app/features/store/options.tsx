import { useState } from 'react';
import { ActionIcon, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StoreProduct } from '@pool/contracts/store';
import { clampQuantity, optionState, selectionOf, typedQuantity } from './variants.ts';
import type { StoreVariant } from './types.ts';
import classes from './store.module.css';

/**
 * One group of radio chips per feature of a multi-attribute product (arrow
 * keys move within a group); combinations the store does not sell are
 * disabled, sold-out ones struck through.
 */
export function VariantOptions({
  features,
  variants,
  selected,
  onChoose,
}: {
  features: StoreProduct['features'];
  variants: StoreVariant[];
  selected: StoreVariant | undefined;
  onChoose: (featureId: number, optionId: number) => void;
}) {
  const { t } = useTranslation();
  const selection = selectionOf(selected);
  return (
    <Stack gap="md" data-testid="variant-options">
      {features.map((f) => {
        const chosen = f.options.find((o) => o.id === selection[f.id]);
        return (
          <fieldset key={f.id} className={classes.fieldset} data-testid="feature">
            <Text component="legend" fw={700} fz="sm" mb={8}>
              {/* Isolated: a Latin or numeric name must not reorder the Arabic around it. */}
              <bdi>{f.name}</bdi>
              {chosen && (
                <Text component="bdi" fw={400} c="dimmed">
                  {t('store.chosen', { name: chosen.name })}
                </Text>
              )}
            </Text>
            <Group gap="xs">
              {f.options.map((o) => {
                const state = optionState(variants, selection, f.id, o.id);
                return (
                  <Chip
                    key={o.id}
                    type="radio"
                    name={`feature-${f.id}`}
                    value={String(o.id)}
                    checked={selection[f.id] === o.id}
                    onChange={() => onChoose(f.id, o.id)}
                    disabled={state === 'none'}
                    variant="outline"
                    radius="md"
                    className={classes.option}
                    classNames={{ label: classes.optionLabel }}
                    wrapperProps={{ 'data-out-of-stock': state === 'sold_out' || undefined }}
                  >
                    {o.name}
                    {state !== 'available' && (
                      <span className="visually-hidden">
                        {' '}
                        ({state === 'none' ? t('store.not_sold') : t('store.out_of_stock')})
                      </span>
                    )}
                  </Chip>
                );
              })}
            </Group>
          </fieldset>
        );
      })}
    </Stack>
  );
}

/** Quantity: at least 1, at most `max` (the stock), with − and + buttons. */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled,
}: {
  value: number;
  max: number;
  onChange: (n: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  // The field's text: empty while the customer retypes it, else the quantity.
  const [text, setText] = useState(String(value));
  const set = (n: number) => {
    const v = clampQuantity(n, max);
    setText(String(v));
    onChange(v);
  };
  if (text !== '' && Number(text) !== value) setText(String(value));
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('store.quantity')} data-testid="quantity">
      <ActionIcon
        variant="default"
        size={42}
        onClick={() => set(value - 1)}
        disabled={disabled || value <= 1}
        aria-label={t('store.decrease')}
      >
        <IconMinus size={18} aria-hidden />
      </ActionIcon>
      {/* A text field with the numeric keypad, not Mantine's NumberInput (a formatting library on the product
          page's first load for a whole number; nor does it take Arabic digits). */}
      <TextInput
        value={text}
        onChange={(e) => {
          const typed = typedQuantity(e.currentTarget.value, max);
          if (typed === null) setText('');
          else set(typed);
        }}
        onBlur={() => text === '' && set(value)}
        inputMode="numeric"
        autoComplete="off"
        disabled={disabled}
        w={64}
        size="md"
        aria-label={t('store.quantity')}
        styles={{ input: { textAlign: 'center' } }}
        data-testid="quantity-input"
      />
      <ActionIcon
        variant="default"
        size={42}
        onClick={() => set(value + 1)}
        disabled={disabled || value >= max}
        aria-label={t('store.increase')}
      >
        <IconPlus size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
