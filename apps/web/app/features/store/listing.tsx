import { lazy, Suspense, useEffect, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  CloseButton,
  Container,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconBuildingStore, IconSearch, IconSearchOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { toHalalas } from '@pool/contracts/core';
import { STORE_SORTS } from '@pool/contracts/store';
import { PagesNav } from '../../components/page-numbers.tsx';
import { stripLang } from '../../lib/lang.ts';
import { formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { EmptyState } from './empty-state.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { filterCount, filtersSearch, isFiltered, withChanges, type StoreFilters } from './filters.ts';
import type { Listing } from './load.server.ts';
import { SEARCH_PATH } from './paths.ts';
import { ProductCard } from './product-card.tsx';
import classes from './store.module.css';

// The filters' drawer on a phone: its code and its portal come with the first open.
const FilterDrawer = lazy(() => import('../../components/lazy-drawer.tsx'));

/** A filter in force, shown as a removable chip above the results. */
type Chip = { key: string; label: string; remove: Partial<StoreFilters> };

function useChips(l: Listing): Chip[] {
  const { t } = useTranslation();
  const { lang } = useLang();
  const f = l.filters;
  const category = l.categories.find((c) => c.id === f.category);
  const sub = category?.sub_categories.find((s) => s.id === f.sub);
  const brand = l.brands.find((b) => b.id === f.brand);
  const money = (v: string) => formatMoney(lang, toHalalas(v));
  const chips: Chip[] = [];
  if (f.q) chips.push({ key: 'q', label: t('store.chip_search', { q: f.q }), remove: { q: '' } });
  if (category) chips.push({ key: 'category', label: category.name, remove: { category: null, sub: null } });
  if (sub) chips.push({ key: 'sub', label: sub.name, remove: { sub: null } });
  if (brand) chips.push({ key: 'brand', label: brand.name, remove: { brand: null } });
  if (f.min && f.max)
    chips.push({ key: 'price', label: `${money(f.min)} – ${money(f.max)}`, remove: { min: '', max: '' } });
  else if (f.min)
    chips.push({ key: 'price', label: t('store.chip_min', { amount: money(f.min) }), remove: { min: '' } });
  else if (f.max)
    chips.push({ key: 'price', label: t('store.chip_max', { amount: money(f.max) }), remove: { max: '' } });
  if (f.available) chips.push({ key: 'available', label: t('store.available_only'), remove: { available: false } });
  if (f.discounted) chips.push({ key: 'discounted', label: t('store.discounted_only'), remove: { discounted: false } });
  return chips;
}

/** The search box: a GET form (works before the page is interactive) that keeps the other filters. */
function SearchBox({ action, filters: f, autoFocus }: { action: string; filters: StoreFilters; autoFocus: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState(f.q);
  useEffect(() => setQ(f.q), [f.q]);
  const keep = new URLSearchParams(filtersSearch({ ...f, q: '', page: 1 }));
  return (
    <Form method="get" action={action} role="search" data-testid="store-search">
      {[...keep].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Group gap="xs" wrap="nowrap">
        <TextInput
          name="q"
          type="search"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          placeholder={t('store.search_placeholder')}
          aria-label={t('store.search_label')}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={
            q ? (
              <CloseButton
                size="sm"
                aria-label={t('store.clear_search')}
                onClick={() => {
                  setQ('');
                  if (f.q) navigate(action + filtersSearch(withChanges(f, { q: '' })));
                }}
              />
            ) : null
          }
          maxLength={100}
          autoFocus={autoFocus}
          enterKeyHint="search"
          style={{ flex: 1 }}
          size="md"
          data-testid="store-search-input"
        />
        <Button type="submit" size="md" data-testid="store-search-submit">
          {t('store.search')}
        </Button>
      </Group>
    </Form>
  );
}

function NoProducts({ filtered, q, clearHref }: { filtered: boolean; q: string; clearHref: string }) {
  const { t } = useTranslation();
  const { to } = useLang();
  return filtered ? (
    <EmptyState
      Icon={IconSearchOff}
      title={t('store.no_results_title')}
      text={q ? t('store.no_results_search', { q }) : t('store.no_results_text')}
      action={{ label: t('store.show_all'), to: clearHref }}
      testId="store-no-results"
    />
  ) : (
    <EmptyState
      Icon={IconBuildingStore}
      title={t('store.empty_title')}
      text={t('store.empty_text')}
      action={{ label: t('common.go_home'), to: to('/') }}
      testId="store-empty"
    />
  );
}

/**
 * The store list of `/online_store` and `/name_online_store` (the search by
 * name): search, filters (a sidebar, a drawer on phones), sort, product grid
 * and pages, all from the address.
 */
export function StoreListing({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [drawer, setDrawer] = useState(false);
  // Kept once opened, for the closing animation and later opens.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const f = listing.filters;
  const { data: products, pagination } = listing.products;
  const isSearchPage = stripLang(location.pathname) === SEARCH_PATH;
  const path = location.pathname;
  const loading = navigation.state === 'loading' && navigation.location?.pathname === path;
  const chips = useChips(listing);
  const filtered = isFiltered(f);
  const category = listing.categories.find((c) => c.id === f.category);
  const sub = category?.sub_categories.find((s) => s.id === f.sub);
  const heading = sub?.name ?? category?.name ?? (isSearchPage ? t('store.search_title') : t('store.title'));

  const go = (changes: Partial<StoreFilters>, keepScroll = true) =>
    navigate(path + filtersSearch(withChanges(f, changes)), { preventScrollReset: keepScroll });
  const panel = (prefix: string) => (
    <FilterPanel
      idPrefix={prefix}
      path={path}
      filters={f}
      categories={listing.categories}
      brands={listing.brands}
      onChange={(changes) => go(changes)}
    />
  );
  const count = filterCount(f);

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} data-testid="store-listing">
      <Stack gap={4} mb="lg">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }} data-testid="store-heading">
          {heading}
        </Title>
        <Text c="dimmed" aria-live="polite" data-testid="store-count">
          {f.q
            ? t('store.results_for', { count: pagination.total_items, q: f.q })
            : t('store.products_count', { count: pagination.total_items })}
        </Text>
      </Stack>

      <Box className={classes.layout}>
        <Box component="aside" className={classes.sidebar} visibleFrom="md" aria-label={t('store.filters')}>
          {panel('side')}
        </Box>

        <Stack gap="md" style={{ minWidth: 0 }}>
          <SearchBox action={path} filters={f} autoFocus={isSearchPage && !f.q} />

          {listing.categories.length > 0 && (
            <Box component="nav" hiddenFrom="md" aria-label={t('store.categories')} className={classes.chipRow}>
              <Group gap="xs" wrap="nowrap" pb={4}>
                {listing.categories.map((c) => (
                  <Button
                    key={c.id}
                    component={Link}
                    to={path + filtersSearch(withChanges(f, { category: f.category === c.id ? null : c.id }))}
                    preventScrollReset
                    size="compact-sm"
                    radius="xl"
                    variant={f.category === c.id ? 'filled' : 'default'}
                    aria-current={f.category === c.id ? 'true' : undefined}
                    style={{ flexShrink: 0 }}
                  >
                    {c.name}
                  </Button>
                ))}
              </Group>
            </Box>
          )}

          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Button
              hiddenFrom="md"
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
              rightSection={
                count ? (
                  <Badge size="sm" circle>
                    {count}
                  </Badge>
                ) : null
              }
              onClick={() => {
                setDrawerWanted(true);
                setDrawer(true);
              }}
              data-testid="open-filters"
            >
              {t('store.filters')}
            </Button>
            <NativeSelect
              label={t('store.sort_by')}
              value={f.sort}
              onChange={(e) => go({ sort: e.currentTarget.value as StoreFilters['sort'] })}
              data={STORE_SORTS.filter((s) => f.q || s !== 'relevance').map((s) => ({
                value: s,
                label: t(`store.sort_${s}`),
              }))}
              ms="auto"
              w={{ base: 180, sm: 220 }}
              styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { whiteSpace: 'nowrap' } }}
              data-testid="store-sort"
            />
          </Group>

          {chips.length > 0 && (
            <Group gap="xs" data-testid="store-chips">
              {chips.map((c) => (
                <Badge
                  key={c.key}
                  variant="light"
                  size="lg"
                  radius="xl"
                  tt="none"
                  fw={600}
                  rightSection={
                    <ActionIcon
                      component={Link}
                      to={path + filtersSearch(withChanges(f, c.remove))}
                      preventScrollReset
                      size="xs"
                      radius="xl"
                      variant="transparent"
                      aria-label={t('store.remove_filter', { name: c.label })}
                    >
                      <IconX size={12} aria-hidden />
                    </ActionIcon>
                  }
                >
                  {c.label}
                </Badge>
              ))}
            </Group>
          )}

          <Box className={classes.results} aria-busy={loading} id="results">
            {products.length === 0 ? (
              <NoProducts filtered={filtered} q={f.q} clearHref={path} />
            ) : (
              <ul className={classes.grid} data-testid="product-grid">
                {products.map((p, i) => (
                  <li key={p.id}>
                    <ProductCard product={p} priority={i < 2} headingOrder={2} />
                  </li>
                ))}
              </ul>
            )}
            <PagesNav
              mt="xl"
              total={pagination.total_pages}
              current={pagination.current_page}
              onChange={(page) => navigate(path + filtersSearch({ ...f, page }))}
              label={t('store.pages')}
              testId="store-pagination"
            />
          </Box>
        </Stack>
      </Box>

      {drawerWanted && (
        <Suspense fallback={null}>
          <FilterDrawer
            opened={drawer}
            onClose={() => setDrawer(false)}
            title={t('store.filters')}
            position={lang === 'ar' ? 'right' : 'left'}
            size="min(22rem, 90vw)"
            hiddenFrom="md"
            closeButtonProps={{ 'aria-label': t('common.close') }}
          >
            {panel('drawer')}
            <Button fullWidth mt="xl" onClick={() => setDrawer(false)} data-testid="show-results">
              {t('store.show_results', { count: pagination.total_items })}
            </Button>
          </FilterDrawer>
        </Suspense>
      )}
    </Container>
  );
}
