import { useEffect, useState } from 'react';
import { Box, Button, Checkbox, Group, NativeSelect, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { typedAmount } from '../../lib/typed-money.ts';
import { clearFilters, filtersSearch, isFiltered, withChanges, type StoreFilters } from './filters.ts';
import type { StoreBrand, StoreCategory } from './types.ts';
import classes from './store.module.css';

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Text component="h2" id={id} fw={700} fz="sm" mb="xs">
        {title}
      </Text>
      {children}
    </Box>
  );
}

/**
 * An amount in riyals (at most 2 decimals; Arabic digits too): a text field with the decimal keypad, not
 * Mantine's NumberInput (a formatting library in the store's first load for the desktop's sidebar).
 */
function RiyalInput(props: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const { onChange, ...rest } = props;
  return (
    <TextInput
      {...rest}
      onChange={(e) => onChange(typedAmount(e.currentTarget.value))}
      inputMode="decimal"
      autoComplete="off"
      maxLength={11}
      rightSection={
        <Text fz="xs" c="dimmed">
          {t('common.currency')}
        </Text>
      }
      rightSectionWidth={40}
    />
  );
}

/**
 * The store's filters: category and sub-category (links, so they work before
 * the page is interactive), brand, price range in riyals, available only and
 * discounted only. Every change is a new address (`onChange`).
 */
export function FilterPanel({
  idPrefix,
  path,
  filters: f,
  categories,
  brands,
  onChange,
}: {
  /** Keeps ids unique when the panel is drawn twice (sidebar and phone drawer). */
  idPrefix: string;
  /** The list's address in this language (without the query). */
  path: string;
  filters: StoreFilters;
  categories: StoreCategory[];
  brands: StoreBrand[];
  onChange: (changes: Partial<StoreFilters>) => void;
}) {
  const { t } = useTranslation();
  const [min, setMin] = useState(f.min);
  const [max, setMax] = useState(f.max);
  useEffect(() => {
    setMin(f.min);
    setMax(f.max);
  }, [f.min, f.max]);
  const href = (changes: Partial<StoreFilters>) => path + filtersSearch(withChanges(f, changes));
  const applyPrice = (e: React.FormEvent) => {
    e.preventDefault();
    // `12.` (typed halfway) is 12.
    onChange({ min: min.replace(/\.$/, ''), max: max.replace(/\.$/, '') });
  };
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <Stack gap="lg" data-testid="store-filters">
      <Section title={t('store.categories')} id={id('categories')}>
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          <li>
            <NavLink
              component={Link}
              to={href({ category: null, sub: null })}
              preventScrollReset
              label={t('store.all_categories')}
              active={!f.category}
              aria-current={!f.category ? 'true' : undefined}
              className={classes.categoryLink}
              py={6}
            />
          </li>
          {categories.map((c) => {
            const active = f.category === c.id;
            return (
              <li key={c.id}>
                <NavLink
                  component={Link}
                  to={href({ category: c.id, sub: null })}
                  preventScrollReset
                  label={c.name}
                  active={active && !f.sub}
                  aria-current={active && !f.sub ? 'true' : undefined}
                  className={classes.categoryLink}
                  fw={active ? 700 : undefined}
                  py={6}
                  data-testid="filter-category"
                />
                {active && c.sub_categories.length > 0 && (
                  <Stack gap={2} component="ul" p={0} m={0} ps="md" style={{ listStyle: 'none' }}>
                    {c.sub_categories.map((s) => (
                      <li key={s.id}>
                        <NavLink
                          component={Link}
                          to={href({ category: c.id, sub: s.id })}
                          preventScrollReset
                          label={s.name}
                          active={f.sub === s.id}
                          aria-current={f.sub === s.id ? 'true' : undefined}
                          className={classes.categoryLink}
                          py={4}
                          fz="sm"
                          data-testid="filter-sub-category"
                        />
                      </li>
                    ))}
                  </Stack>
                )}
              </li>
            );
          })}
        </Stack>
      </Section>

      {brands.length > 0 && (
        <NativeSelect
          id={id('brand')}
          label={t('store.brand')}
          value={f.brand ? String(f.brand) : ''}
          onChange={(e) => onChange({ brand: Number(e.currentTarget.value) || null })}
          data={[
            { value: '', label: t('store.all_brands') },
            ...brands.map((b) => ({ value: String(b.id), label: b.name })),
          ]}
          data-testid="filter-brand"
        />
      )}

      <Section title={t('store.price_range')} id={id('price')}>
        <form onSubmit={applyPrice} data-testid="filter-price">
          <Group gap="xs" grow align="flex-end" wrap="nowrap">
            <RiyalInput id={id('min')} label={t('store.price_from')} value={min} onChange={setMin} />
            <RiyalInput id={id('max')} label={t('store.price_to')} value={max} onChange={setMax} />
          </Group>
          <Button type="submit" variant="light" size="xs" mt="xs" fullWidth>
            {t('store.apply_price')}
          </Button>
        </form>
      </Section>

      <Stack gap="sm">
        <Checkbox
          id={id('available')}
          label={t('store.available_only')}
          checked={f.available}
          onChange={(e) => onChange({ available: e.currentTarget.checked })}
          data-testid="filter-available"
        />
        <Checkbox
          id={id('discounted')}
          label={t('store.discounted_only')}
          checked={f.discounted}
          onChange={(e) => onChange({ discounted: e.currentTarget.checked })}
          data-testid="filter-discounted"
        />
      </Stack>

      {isFiltered({ ...f, q: '' }) && (
        <Button
          component={Link}
          to={path + filtersSearch(clearFilters(f))}
          preventScrollReset
          variant="subtle"
          color="red"
          c="red.9"
          size="sm"
        >
          {t('store.clear_filters')}
        </Button>
      )}
    </Stack>
  );
}
