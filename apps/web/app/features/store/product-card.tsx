import { Anchor, Badge, Box, Button, Card, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoreProductCard } from '@pool/contracts/store';
import { useLang } from '../../lib/use-lang.ts';
import { useAddToCart } from './actions.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { productHref } from './paths.ts';
import { DiscountBadge, Price, Stars } from './price.tsx';
import { ProductImage } from './product-image.tsx';
import classes from './store.module.css';

/** Widths a card takes in the grids (2 columns on phones, up to 4 on wide screens). */
export const CARD_SIZES = '(min-width: 75em) 300px, (min-width: 48em) 33vw, 50vw';

/** Out of stock, or switched off by the store while in stock. */
export const stockState = (p: Pick<StoreProductCard, 'is_available' | 'stock'>) =>
  p.is_available ? null : p.stock > 0 ? 'unavailable' : 'out_of_stock';

/**
 * A product in a grid: picture, brand, name, rating, price with its discount,
 * favourite toggle, and add to cart (a simple product) or choose options (a
 * multi-attribute product, on its page).
 */
export function ProductCard({
  product: p,
  priority = false,
  headingOrder = 3,
  onFavouriteChange,
}: {
  product: StoreProductCard;
  priority?: boolean;
  headingOrder?: TitleOrder;
  onFavouriteChange?: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const { to } = useLang();
  const cart = useAddToCart();
  const href = to(productHref(p));
  const state = stockState(p);
  return (
    <Card withBorder radius="lg" padding={0} className={classes.card} data-testid="product-card" data-id={p.id}>
      <Box className={classes.media} data-sold-out={state ? 'true' : undefined}>
        {/* The name below is the link for assistive technology; the picture repeats it for the pointer. */}
        <Link to={href} tabIndex={-1} aria-hidden className={classes.mediaLink}>
          <ProductImage src={p.image} alt="" sizes={CARD_SIZES} priority={priority} />
        </Link>
        <Stack gap={4} className={classes.badges} align="flex-start">
          {p.has_discount && !state && <DiscountBadge product={p} />}
          {state && (
            <Badge color="dark" variant="filled" radius="sm" data-testid="stock-badge">
              {t(`store.${state}`)}
            </Badge>
          )}
        </Stack>
        <Box className={classes.favourite}>
          <FavouriteButton productId={p.id} name={p.name} initial={p.is_favourite} onChange={onFavouriteChange} />
        </Box>
      </Box>
      <Stack gap={6} p="sm" className={classes.body}>
        {p.brand && (
          <Text fz="xs" c="dimmed" fw={600} truncate>
            {p.brand.name}
          </Text>
        )}
        <Title order={headingOrder} fz="sm" fw={700} lh={1.5} className={classes.name}>
          <Anchor component={Link} to={href} c="dark.7" underline="never" className={classes.nameLink}>
            {p.name}
          </Anchor>
        </Title>
        <Stars value={p.rating_avg} count={p.rating_count} size={14} />
        <Box mt="auto">
          <Price price={p.price_with_vat} discounted={p.discounted_price_with_vat} hasDiscount={p.has_discount} />
        </Box>
        {p.type === 'multi' ? (
          <Button
            component={Link}
            to={href}
            variant="light"
            fullWidth
            size="sm"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            aria-label={t('store.choose_options_of', { name: p.name })}
            data-testid="choose-options"
          >
            {t('store.choose_options')}
          </Button>
        ) : (
          <Button
            fullWidth
            size="sm"
            leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
            onClick={() => void cart.add({ productId: p.id })}
            loading={cart.busy}
            disabled={!!state}
            aria-label={state ? t(`store.${state}`) : t('store.add_to_cart_of', { name: p.name })}
            data-testid="card-add-to-cart"
          >
            {state ? t(`store.${state}`) : t('store.add_to_cart')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
