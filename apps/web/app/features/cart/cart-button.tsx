/** The header's cart icon with the number of units in the cart (from the root loader, then live from add-to-cart). */
import { useEffect, useState } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CART_CHANGED_EVENT } from '../store/index.ts';
import { useLang } from '../../lib/use-lang.ts';

export function CartButton({ count }: { count: number }) {
  const { t } = useTranslation();
  const { to } = useLang();
  const [units, setUnits] = useState(count);
  useEffect(() => setUnits(count), [count]);
  useEffect(() => {
    const onChange = (e: Event) => {
      const n = (e as CustomEvent<{ count?: number }>).detail?.count;
      if (typeof n === 'number') setUnits(n);
    };
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(CART_CHANGED_EVENT, onChange);
  }, []);
  return (
    <Indicator
      label={units > 99 ? '99+' : units}
      size={18}
      disabled={units === 0}
      offset={4}
      color="cyan.8"
      data-testid="cart-count"
    >
      <ActionIcon
        component={Link}
        to={to('/shopping_cart')}
        variant="subtle"
        size="lg"
        aria-label={units ? t('cart.ui_cart_count', { count: units }) : t('nav.cart')}
      >
        <IconShoppingCart size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
