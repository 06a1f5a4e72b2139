/**
 * A dashboard list: a table with its columns, an empty state and pagination;
 * filters and the page live in the URL (`useListParams`), so a list can be
 * shared, reloaded and navigated back to.
 */
import { Center, Group, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Pagination as PageInfo } from '@pool/contracts/core';
import { PageNumbers } from '../../components/page-numbers.tsx';

export type Column<T> = {
  key: string;
  label: string;
  render: (row: T) => React.ReactNode;
  width?: number | string;
};

/** Reads and changes the list's URL parameters; a changed filter goes back to page 1. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { preventScrollReset: true },
    );
  return { get: (name: string) => params.get(name) ?? '', set };
}

export function DataTable<T extends { id: number }>({
  rows,
  columns,
  pagination,
  caption,
  testId,
  compact = false,
}: {
  rows: T[];
  columns: Column<T>[];
  pagination?: PageInfo;
  /** The table's accessible name. */
  caption: string;
  testId?: string;
  /** Narrower cell padding, for tables with many columns. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const list = useListParams();
  return (
    <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={720}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing={compact ? 'xs' : 'md'}
          data-testid={testId}
        >
          <caption className="visually-hidden">{caption}</caption>
          <Table.Thead bg="gray.1">
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width} scope="col">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Center py="xl">
                    <Text c="dimmed">{t('common.no_data')}</Text>
                  </Center>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.id} data-testid={testId ? `${testId}-row` : undefined}>
                  {columns.map((c) => (
                    <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pagination && pagination.total_pages > 1 ? (
        <Group justify="space-between" p="md" gap="sm">
          <Text fz="sm" c="dimmed">
            {t('common.items', { count: pagination.total_items })}
          </Text>
          <PageNumbers
            total={pagination.total_pages}
            current={pagination.current_page}
            onChange={(page) => list.set({ page: page === 1 ? null : String(page) })}
          />
        </Group>
      ) : null}
    </Paper>
  );
}
