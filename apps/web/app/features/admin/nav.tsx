import { AppShell, CloseButton, Collapse, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router';
import type { AdminProfile } from '@pool/contracts/admin';
import enAdmin from '@pool/i18n/en/admin';
import enConstructionAdmin from '@pool/i18n/en/construction-admin';
import enOperations from '@pool/i18n/en/operations';
import enPackagesAdmin from '@pool/i18n/en/packages-admin';
import enVisitsCalendar from '@pool/i18n/en/visits-calendar';
import { addTexts } from '../../lib/i18n.ts';
import { translate } from './texts.ts';
import { entryAt, filterNav, navFor, sectionLabel, type NavSectionId } from './nav-sections.ts';

export { visibleGroups } from './nav-sections.ts';

// The dashboard is Arabic, but the filter also finds an entry by its English label.
addTexts({
  en: {
    admin: enAdmin,
    'construction-admin': enConstructionAdmin,
    operations: enOperations,
    'packages-admin': enPackagesAdmin,
    'visits-calendar': enVisitsCalendar,
  },
});

const STORAGE_KEY = 'admin-nav-open';

function readOpen(): NavSectionId[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is NavSectionId => typeof v === 'string') : [];
  } catch {
    return []; // no storage (private mode) or a damaged value: nothing remembered
  }
}

function saveOpen(open: NavSectionId[]) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(open));
  } catch {
    // not remembered: the side bar still works
  }
}

/**
 * The open sections: the current page's (on the server too), those the admin left open
 * (remembered in the browser), and each section a navigation enters.
 */
function useOpenSections(current: NavSectionId | undefined) {
  const [open, setOpen] = useState<NavSectionId[]>(current ? [current] : []);
  const change = (next: (was: NavSectionId[]) => NavSectionId[]) =>
    setOpen((was) => {
      const now = next(was);
      saveOpen(now);
      return now;
    });
  useEffect(() => {
    const stored = readOpen();
    setOpen((was) => [...new Set([...stored, ...was])]);
  }, []);
  useEffect(() => {
    if (current) change((was) => (was.includes(current) ? was : [...was, current]));
  }, [current]);
  const toggle = (id: NavSectionId) => change((was) => (was.includes(id) ? was.filter((x) => x !== id) : [...was, id]));
  return [open, toggle] as const;
}

export function AdminNav({ admin, onNavigate }: { admin: AdminProfile; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const here = entryAt(pathname);
  const [open, toggle] = useOpenSections(here?.section);
  const [query, setQuery] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const ids = useId();
  const filtering = query.trim() !== '';
  const sections = filterNav(navFor(admin), query, (key) => [t(key), translate('en', key)]);
  const noMatch = filtering && sections.length === 0;

  const follow = () => {
    setQuery('');
    onNavigate?.();
  };
  const onFilterKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
    } else if (event.key === 'Enter') {
      // Enter opens the first entry found; arrow down moves into the list.
      const first = sections[0]?.entries[0];
      if (filtering && first) {
        event.preventDefault();
        void navigate(first.path);
        follow();
      }
    } else if (event.key === 'ArrowDown') {
      const link = [...(list.current?.querySelectorAll<HTMLElement>('a') ?? [])].find((e) => e.offsetParent);
      if (link) {
        event.preventDefault();
        link.focus();
      }
    }
  };

  return (
    <>
      <AppShell.Section pb="xs">
        <TextInput
          type="search"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={onFilterKey}
          placeholder={t('admin.nav_filter')}
          aria-label={t('admin.nav_filter')}
          aria-describedby={`${ids}-hint`}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            query ? (
              <CloseButton size="sm" aria-label={t('admin.nav_filter_clear')} onClick={() => setQuery('')} />
            ) : null
          }
          autoComplete="off"
          data-testid="admin-nav-filter"
        />
        {/* Always there, so that screen readers announce the text when it comes. */}
        <Text id={`${ids}-hint`} role="status" fz="xs" c="dimmed" mt={noMatch ? 4 : 0}>
          {noMatch ? t('admin.nav_no_match') : ''}
        </Text>
      </AppShell.Section>
      {/* The list is longer than a laptop screen: it scrolls inside the fixed side bar. */}
      <AppShell.Section grow component={ScrollArea} type="auto" data-testid="admin-nav-scroll" ref={list}>
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {sections.map((section) => {
            const entries = (
              <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
                {section.entries.map((entry) => (
                  <li key={entry.id}>
                    <NavLink
                      component={RouterNavLink}
                      to={entry.path}
                      end={entry.path === '/admin'}
                      active={here?.entry === entry.id}
                      onClick={follow}
                      label={t(entry.label)}
                      leftSection={<entry.icon size={20} aria-hidden />}
                      variant="filled"
                      style={{ borderRadius: 'var(--mantine-radius-md)' }}
                      data-testid={`admin-nav-${entry.id}`}
                    />
                  </li>
                ))}
              </Stack>
            );
            if (section.id === 'top') return <li key={section.id}>{entries}</li>;
            const expanded = filtering || open.includes(section.id);
            const listId = `${ids}-${section.id}`;
            return (
              <li key={section.id} data-nav-section={section.id}>
                <NavLink
                  component="button"
                  type="button"
                  mt={6}
                  label={t(sectionLabel(section.id))}
                  aria-expanded={expanded}
                  aria-controls={listId}
                  // While filtering every section found is open: its heading does nothing.
                  disabled={filtering}
                  aria-disabled={filtering || undefined}
                  onClick={filtering ? undefined : () => toggle(section.id)}
                  rightSection={
                    filtering ? null : (
                      <IconChevronDown
                        size={16}
                        aria-hidden
                        style={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
                      />
                    )
                  }
                  fw={700}
                  c="gray.8"
                  style={{ borderRadius: 'var(--mantine-radius-md)', opacity: 1 }}
                  data-testid={`admin-nav-section-${section.id}`}
                />
                {/* What a filter found shows at once: an arrow key typed right after finds it, not an opening. */}
                {filtering ? (
                  <div id={listId}>{entries}</div>
                ) : (
                  <Collapse expanded={expanded} keepMountedMode="display-none" id={listId}>
                    {entries}
                  </Collapse>
                )}
              </li>
            );
          })}
        </Stack>
      </AppShell.Section>
    </>
  );
}
