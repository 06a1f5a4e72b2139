/**
 * The page numbers of a list (Mantine's `Pagination`) with translated labels:
 * one for every paged list of the site and the dashboard. Mantine turns its
 * arrows round in Arabic (`mantine-rotate-rtl`): "previous" points right there.
 */
import { Group, Pagination, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type PageNumbersProps = {
  /** Pages in all; nothing is shown for one page. */
  total: number;
  current: number;
  onChange: (page: number) => void;
  testId?: string;
};

/** The page numbers alone, for a list that places them itself (beside a count, centred). */
export function PageNumbers({ total, current, onChange, testId }: PageNumbersProps) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={current}
      onChange={onChange}
      siblings={1}
      boundaries={1}
      getItemProps={(page) => ({
        'aria-label': t('common.page_n', { page }),
        'aria-current': page === current ? 'page' : undefined,
      })}
      getControlProps={(control) => ({ 'aria-label': t(`common.${control}_page`) })}
      data-testid={testId}
    />
  );
}

/** The page numbers centred in a `nav` landmark named `label` (the customer lists). */
export function PagesNav({ label, mt, ...pages }: PageNumbersProps & { label: string; mt?: MantineSpacing }) {
  if (pages.total <= 1) return null;
  return (
    <Group justify="center" component="nav" aria-label={label} mt={mt}>
      <PageNumbers {...pages} />
    </Group>
  );
}
