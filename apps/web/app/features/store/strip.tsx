import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../lib/use-lang.ts';
import { STORE_PATH } from './paths.ts';
import type { Strip } from './load.server.ts';
import { ProductCard } from './product-card.tsx';
import classes from './store.module.css';

/** A row of product cards (scrolled sideways) with a link to the whole list. */
export function ProductStrip({ strip }: { strip: Strip }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const Arrow = lang === 'ar' ? IconArrowLeft : IconArrowRight;
  const all = to(STORE_PATH + (strip.kind === 'offers' ? '?discounted=1&sort=best_selling' : ''));
  return (
    <Stack gap="md" data-testid="home-products">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} id="home-products-title" fz={{ base: 'h2', sm: 32 }}>
          {t(strip.kind === 'offers' ? 'store.home_offers' : 'store.home_newest')}
        </Title>
        <Anchor component={Link} to={all} fw={700}>
          <Group gap={4} component="span" wrap="nowrap">
            {t('store.see_all')}
            <Arrow size={16} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <ul className={classes.related}>
        {strip.products.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </Stack>
  );
}
