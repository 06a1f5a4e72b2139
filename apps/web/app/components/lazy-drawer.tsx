import { Drawer, type DrawerProps } from '@mantine/core';

/**
 * Mantine's drawer in a module of its own, for `lazy()`: its code (focus trap, scroll lock, transitions) and its
 * portal come with the first open, not with the page (the header's menu, the store's filters on a phone).
 */
export default function LazyDrawer(props: DrawerProps) {
  return <Drawer {...props} />;
}
