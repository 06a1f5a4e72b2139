import { Anchor, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../lib/use-lang.ts';

/**
 * Where a product sits in the store (`crumbs`, then the page itself, `current`), as a list. Each crumb carries
 * the chevron before it, so a line that wraps starts with its chevron instead of ending in a lone one.
 */
export function Breadcrumb({ crumbs, current }: { crumbs: { label: string; href: string }[]; current: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const Chevron = lang === 'ar' ? IconChevronLeft : IconChevronRight;
  const items = [...crumbs.map((c) => ({ ...c, current: false })), { label: current, href: '', current: true }];
  return (
    <nav aria-label={t('store.breadcrumb')} data-testid="breadcrumb">
      <Group component="ol" gap={6} style={{ rowGap: 4, listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((c, i) => (
          <Group component="li" key={c.href || 'current'} gap={6} wrap="nowrap" miw={0} lh={1.6}>
            {i > 0 ? <Chevron size={14} aria-hidden style={{ flexShrink: 0 }} /> : null}
            {c.current ? (
              <Text fz="sm" c="dimmed" aria-current="page" lineClamp={1} maw={260}>
                {c.label}
              </Text>
            ) : (
              <Anchor component={Link} to={c.href} fz="sm">
                {c.label}
              </Anchor>
            )}
          </Group>
        ))}
      </Group>
    </nav>
  );
}
