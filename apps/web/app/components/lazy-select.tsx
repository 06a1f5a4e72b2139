import { Select, type SelectProps } from '@mantine/core';

/**
 * Mantine's Select in a module of its own, for `lazy()`: its dropdown's code (combobox, popover, positioning)
 * comes when a field shown only after a choice first appears (the maintenance location's city).
 */
export default function LazySelect(props: SelectProps) {
  return <Select {...props} />;
}
