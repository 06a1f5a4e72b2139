/** Filters of dashboard lists (kept in the URL by `useListParams`) and the active / blocked badge. */
import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayPhone } from '../../lib/format.ts';
import { DayInput } from '../dates/index.ts';
import { useListParams } from './data-table.tsx';
import { badgeText } from './tint-text.ts';

/** A search field that applies `q` when submitted (Enter or the button). */
export function SearchBox({ label, name = 'q' }: { label: string; name?: string }) {
  const { t } = useTranslation();
  const params = useListParams();
  const current = params.get(name);
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        params.set({ [name]: value.trim() || null });
      }}
      style={{ flex: '1 1 240px', maxWidth: 360 }}
    >
      <TextInput
        label={label}
        type="search"
        value={value}
        maxLength={100}
        onChange={(e) => setValue(e.currentTarget.value)}
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label={t('admin.people_search')}>
            <IconSearch size={18} aria-hidden />
          </ActionIcon>
        }
        data-testid="list-search"
      />
    </form>
  );
}

/** A choice kept in the URL parameter `name`; cleared, it shows "all". */
export function ParamSelect({
  name,
  label,
  data,
  w,
  searchable,
  testId,
  clears = [],
}: {
  name: string;
  label: string;
  data: { value: string; label: string }[];
  w: number;
  searchable?: boolean;
  testId?: string;
  /** Filters that mean nothing once this one changes (a state of another kind of order): cleared with it. */
  clears?: readonly string[];
}) {
  const { t } = useTranslation();
  const params = useListParams();
  return (
    <Select
      label={label}
      placeholder={t('admin.people_all')}
      data={data}
      value={params.get(name) || null}
      onChange={(v) => params.set({ ...Object.fromEntries(clears.map((c) => [c, null])), [name]: v })}
      clearable
      searchable={searchable}
      w={w}
      data-testid={testId}
    />
  );
}

/** The city filter (`city_id`), searchable. */
export function CityFilter({ cities, label, w }: { cities: { id: number; name: string }[]; label: string; w: number }) {
  const data = cities.map((c) => ({ value: String(c.id), label: c.name }));
  return <ParamSelect name="city_id" label={label} data={data} w={w} searchable />;
}

/** A day (`YYYY-MM-DD`, a Riyadh day) kept in the URL parameter `name`, clearable. */
export function DateFilter({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const params = useListParams();
  return (
    <DayInput
      lang="ar"
      label={label}
      placeholder={t('admin.day_filter_placeholder')}
      value={params.get(name) || null}
      onChange={(picked) => params.set({ [name]: picked })}
      clearLabel={t('admin.day_filter_clear')}
      testId={`filter-${name}`}
    />
  );
}

/** Active or blocked accounts (`status`). */
export function StatusFilter() {
  const { t } = useTranslation();
  return (
    <ParamSelect
      name="status"
      label={t('admin.people_status')}
      data={[
        { value: 'active', label: t('admin.people_active') },
        { value: 'blocked', label: t('admin.people_blocked') },
      ]}
      w={170}
    />
  );
}

/** A phone number in a table cell: left to right, on one line. */
export function PhoneCell({ countryCode, phone }: { countryCode: string; phone: string }) {
  return (
    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
      {displayPhone(countryCode, phone)}
    </Text>
  );
}

export function StatusBadge({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation();
  return (
    // A narrow column must not cut the word short.
    <Badge variant="light" color={blocked ? 'red' : 'teal'} c={badgeText(blocked ? 'red' : 'teal')} miw="max-content">
      {blocked ? t('admin.people_blocked') : t('admin.people_active')}
    </Badge>
  );
}
