import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Page numbers of a store list, its arrows pointing the reading direction's way. */
export function StorePages({
  total,
  current,
  onChange,
  label,
  testId,
}: {
  total: number;
  current: number;
  onChange: (page: number) => void;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <Group justify="center" component="nav" aria-label={label} mt="xl">
      <Pagination
        total={total}
        value={current}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        // Mantine turns its arrows round in Arabic (`mantine-rotate-rtl`): "previous" points right there.
        getItemProps={(page) => ({
          'aria-label': t('store.page_n', { page }),
          'aria-current': page === current ? 'page' : undefined,
        })}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? t('store.previous_page') : t('store.next_page'),
        })}
        data-testid={testId}
      />
    </Group>
  );
}
