import { NavLink } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLang } from '../../lib/use-lang.ts';

export type LinkItem = { path: string; label: string; icon: Icon };

/** A list of links to account pages, each with its icon and a chevron pointing the reading direction. */
export function LinkList({ items }: { items: LinkItem[] }) {
  const { lang, to } = useLang();
  const Chevron = lang === 'ar' ? IconChevronLeft : IconChevronRight;
  return items.map(({ path, label, icon: ItemIcon }) => (
    <NavLink
      key={path}
      component={Link}
      to={to(path)}
      label={label}
      fw={600}
      leftSection={<ItemIcon size={20} aria-hidden />}
      rightSection={<Chevron size={16} aria-hidden />}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  ));
}
