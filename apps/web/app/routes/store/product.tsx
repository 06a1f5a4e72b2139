import { useMemo, useState } from 'react';
import { Anchor, Box, Button, Checkbox, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, type ShouldRevalidateFunction } from 'react-router';
import { CART_MAX_QUANTITY } from '@pool/contracts/cart';
import type { Route } from './+types/product';
import { apiFor } from '../../lib/api.server.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { localePath } from '../../lib/lang.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useRoot } from '../../lib/use-root.ts';
import { RouteErrorPage } from '../../components/error-page.tsx';
import { useAddToCart } from '../../features/store/actions.ts';
import { Breadcrumb } from '../../features/store/breadcrumb.tsx';
import { FavouriteButton } from '../../features/store/favourite-button.tsx';
import { filtersSearch, withChanges, DEFAULT_FILTERS } from '../../features/store/filters.ts';
import { Gallery } from '../../features/store/gallery.tsx';
import { loadProduct } from '../../features/store/load.server.ts';
import { productJsonLd, productMeta } from '../../features/store/meta.ts';
import { scriptJson } from '../../lib/script-json.ts';
import { QuantityStepper, VariantOptions } from '../../features/store/options.tsx';
import { productHref, STORE_PATH } from '../../features/store/paths.ts';
import { DiscountBadge, Price, Stars } from '../../features/store/price.tsx';
import { ProductCard } from '../../features/store/product-card.tsx';
import { Reviews } from '../../features/store/reviews.tsx';
import { choose, initialVariant, selectionOf } from '../../features/store/variants.ts';
import classes from '../../features/store/store.module.css';

export const meta: Route.MetaFunction = (args) => productMeta(args, args.loaderData);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadProduct(await apiFor(context, request), new URL(request.url), params.details);
}

/** Choosing options only changes `?variant=`: nothing to load again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const s = new URLSearchParams(u.search);
    s.delete('variant');
    return s.toString();
  };
  return currentUrl.search === nextUrl.search || strip(currentUrl) !== strip(nextUrl) ? defaultShouldRevalidate : false;
};

const listHref = (changes: Partial<typeof DEFAULT_FILTERS>) =>
  STORE_PATH + filtersSearch(withChanges(DEFAULT_FILTERS, changes));

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { origin, nonce } = useRoot();
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useAddToCart();
  const { product: p, related, ratings } = loaderData;
  const requested = Number(new URLSearchParams(location.search).get('variant')) || null;
  const variant = initialVariant(p.variants, requested, p.main_variant_id);
  const [quantity, setQuantity] = useState(1);
  const [installation, setInstallation] = useState(false);

  // With VAT, as the store shows prices (ADR 0023).
  const price = variant?.price_with_vat ?? p.price_with_vat;
  const discounted = variant?.discounted_price_with_vat ?? p.discounted_price_with_vat;
  // The product's switch (available or not) applies to every group; a group's own stock to itself.
  const switchedOn = p.is_available || p.stock === 0;
  const stock = variant ? variant.stock : p.stock;
  const sellable = switchedOn && stock > 0;
  const max = Math.min(stock, CART_MAX_QUANTITY);
  const images = useMemo(() => {
    const own = variant?.images ?? [];
    const all = [...own, ...p.images.filter((i) => !own.includes(i))];
    return all.length ? all : p.image ? [p.image] : [];
  }, [variant, p.images, p.image]);
  const url = origin + localePath(lang, productHref(p));
  const jsonLd = useMemo(() => scriptJson(productJsonLd(p, origin, url)), [p, origin, url]);

  const onChoose = (featureId: number, optionId: number) => {
    const next = choose(p.variants, selectionOf(variant), featureId, optionId);
    if (!next || next.id === variant?.id) return;
    setQuantity((q) => Math.max(1, Math.min(q, next.stock)));
    const search = new URLSearchParams(location.search);
    search.set('variant', String(next.id));
    navigate({ search: `?${search}` }, { replace: true, preventScrollReset: true });
  };

  const crumbs = [
    { label: t('store.title'), href: to(STORE_PATH) },
    ...(p.category ? [{ label: p.category.name, href: to(listHref({ category: p.category.id })) }] : []),
    ...(p.category && p.sub_category
      ? [{ label: p.sub_category.name, href: to(listHref({ category: p.category.id, sub: p.sub_category.id })) }]
      : []),
  ];
  const stockText = !switchedOn
    ? t('store.unavailable')
    : stock === 0
      ? t('store.out_of_stock')
      : stock <= 5
        ? t('store.only_left', { count: stock })
        : t('store.in_stock');

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} data-testid="product-page" data-id={p.id}>
      <Box mb="lg">
        <Breadcrumb crumbs={crumbs} current={p.name} />
      </Box>

      <Box className={classes.productLayout}>
        <Gallery images={images} name={p.name} />

        <Stack gap="md" data-testid="product-buy">
          <Stack gap={6}>
            {p.brand && (
              <Anchor
                component={Link}
                to={to(listHref({ brand: p.brand.id }))}
                fz="sm"
                fw={700}
                data-testid="product-brand"
              >
                {p.brand.name}
              </Anchor>
            )}
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.4} data-testid="product-name">
              {p.name}
            </Title>
            <Group gap="xs">
              <Stars value={p.rating_avg} count={p.rating_count} size={18} showCount={false} />
              <Anchor href="#reviews" fz="sm">
                {t('store.ratings_count', { count: p.rating_count })}
              </Anchor>
            </Group>
          </Stack>

          <Stack gap={6}>
            <Group gap="sm" align="center">
              <Price price={price} discounted={discounted} hasDiscount={p.has_discount} size="lg" />
              {p.has_discount && <DiscountBadge product={p} size="lg" />}
            </Group>
            {p.has_discount && p.discount_expires_at && (
              <Group gap={6} c="red.9" wrap="nowrap" data-testid="discount-ends">
                <IconClockHour4 size={16} aria-hidden />
                <Text fz="sm" c="red.9">
                  {t('store.discount_ends', { date: formatDateTime(lang, p.discount_expires_at) })}
                </Text>
              </Group>
            )}
          </Stack>

          <Divider />

          {p.type === 'multi' && p.features.length > 0 && (
            <VariantOptions features={p.features} variants={p.variants} selected={variant} onChoose={onChoose} />
          )}

          {p.sizes.length > 0 && (
            <Text fz="sm">
              <Text component="span" fw={700}>
                {t('store.sizes')}:{' '}
              </Text>
              {p.sizes.join(t('store.list_separator'))}
            </Text>
          )}

          <Text fw={700} fz="sm" c={sellable ? (stock <= 5 ? 'orange.9' : 'teal.9') : 'red.9'} data-testid="stock">
            {stockText}
          </Text>

          {p.installation_price_with_vat !== null && (
            <Checkbox
              checked={installation}
              onChange={(e) => setInstallation(e.currentTarget.checked)}
              disabled={!sellable}
              label={t('store.with_installation', { price: formatMoney(lang, p.installation_price_with_vat) })}
              description={t('store.installation_hint')}
              data-testid="installation"
            />
          )}

          <Group gap="sm" align="center">
            <QuantityStepper value={quantity} max={max} onChange={setQuantity} disabled={!sellable} />
            <Button
              size="md"
              leftSection={<IconShoppingCartPlus size={20} aria-hidden />}
              disabled={!sellable || !variant}
              loading={cart.busy}
              onClick={() =>
                void cart.add({ productId: p.id, variantId: variant?.id, quantity, withInstallation: installation })
              }
              style={{ flex: '1 1 12rem' }}
              data-testid="add-to-cart"
            >
              {sellable ? t('store.add_to_cart') : stockText}
            </Button>
          </Group>
          <Box>
            <FavouriteButton productId={p.id} name={p.name} initial={p.is_favourite} variant="button" />
          </Box>
          {variant?.sku && (
            <Text fz="xs" c="dimmed">
              {t('store.sku', { sku: variant.sku })}
            </Text>
          )}
        </Stack>
      </Box>

      <Stack component="section" aria-labelledby="description" gap="sm" mt={48}>
        <Title order={2} fz="h3" id="description">
          {t('store.description')}
        </Title>
        <Text className={classes.description} data-testid="product-description">
          {p.description}
        </Text>
      </Stack>

      <Box mt={48}>
        <Reviews productId={p.id} average={p.rating_avg} count={p.rating_count} first={ratings} />
      </Box>

      {related.length > 0 && (
        <Stack component="section" aria-labelledby="related" gap="md" mt={48}>
          <Title order={2} fz="h3" id="related">
            {t('store.related')}
          </Title>
          <ul className={classes.related} data-testid="related">
            {related.map((r) => (
              <li key={r.id}>
                <ProductCard product={r} />
              </li>
            ))}
          </ul>
        </Stack>
      )}
      <Text className="visually-hidden" aria-live="polite">
        {variant && p.type === 'multi'
          ? t('store.selected_variant', { name: variant.name, price: formatMoney(lang, discounted) })
          : ''}
      </Text>
      {/* Structured data for search engines (schema.org Product); the page's CSP nonce lets it through. */}
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
    </Container>
  );
}

/** An unknown or hidden product: the 404 page inside the site's frame (header and footer kept). */
export function ErrorBoundary() {
  return <RouteErrorPage />;
}
