/**
 * Pieces of a visit on the calendar: its lines (number linking to the order, time and area, state),
 * its colours from the console's state colours, its label for screen readers, and the "assign to"
 * menu, the way to move it without dragging (keyboard, screen readers, a phone).
 */
import { ActionIcon, Anchor, Button, Menu, Text } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CalendarTechnician, CalendarVisit } from '@pool/contracts/people';
import { serviceStatusColor, useStatusLabel } from '../service-orders/status.tsx';
import { assignChoices } from './layout.ts';
import classes from './calendar.module.css';

export type AssignVisit = (visit: CalendarVisit, staffId: number) => void;

/** The block's fill and edge: the state's colour, light behind dark text. */
export const blockColours = (visit: CalendarVisit) => {
  const colour = serviceStatusColor(visit.status);
  return {
    '--block-fill': `var(--mantine-color-${colour}-0)`,
    '--block-edge': `var(--mantine-color-${colour}-6)`,
  } as React.CSSProperties;
};

/** "Visit V2611-00042 at 09:30, Al Malqa, Scheduled". */
export function useVisitLabel() {
  const { t } = useTranslation();
  const status = useStatusLabel();
  return (v: CalendarVisit) =>
    t('visits-calendar.visit_label', {
      number: v.number,
      time: v.time,
      area: v.area ?? t('visits-calendar.no_area'),
      status: status(v.status),
    });
}

/** The block's two lines, its state in its colour (and said to screen readers); the number opens the order's page. */
export function VisitLines({ visit, linked = true }: { visit: CalendarVisit; linked?: boolean }) {
  const { t } = useTranslation();
  const status = useStatusLabel();
  return (
    <>
      {linked ? (
        <Anchor
          component={Link}
          to={`/admin/service-orders/${visit.id}`}
          className={`${classes.line} ${classes.number}`}
          dir="ltr"
          draggable={false}
          aria-label={t('visits-calendar.open_order', { number: visit.number })}
          data-testid="calendar-visit-link"
        >
          {visit.number}
        </Anchor>
      ) : (
        <span className={`${classes.line} ${classes.number}`} dir="ltr">
          {visit.number}
        </span>
      )}
      <span className={classes.line}>
        <bdi dir="ltr">{visit.time}</bdi> · {visit.area ?? t('visits-calendar.no_area')}
      </span>
      <span className="visually-hidden">{status(visit.status)}</span>
    </>
  );
}

/**
 * "Assign to": the technicians who take new visits, those serving the visit's city first (the
 * others shown but not offered), the one assigned now marked. An icon on the week's blocks, a
 * labelled button in the day list.
 */
export function AssignMenu({
  visit,
  technicians,
  onAssign,
  compact = false,
}: {
  visit: CalendarVisit;
  technicians: CalendarTechnician[];
  onAssign: AssignVisit;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const label = t('visits-calendar.assign_menu', { number: visit.number });
  const choices = assignChoices(visit, technicians);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="subtle" color="dark" size="sm" aria-label={label} data-testid="assign-menu">
            <IconUserShare size={14} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconUserShare size={14} aria-hidden />}
            data-testid="assign-menu"
          >
            {t('visits-calendar.assign_to')}
            <span className="visually-hidden"> {visit.number}</span>
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown data-testid="assign-menu-list">
        <Menu.Label>{t('visits-calendar.assign_to')}</Menu.Label>
        {choices.length === 0 ? <Menu.Item disabled>{t('visits-calendar.no_technicians')}</Menu.Item> : null}
        {choices.map(({ technician, current, serves }) => (
          <Menu.Item
            key={technician.id}
            disabled={current || !serves}
            onClick={() => onAssign(visit, technician.id)}
            rightSection={
              current || !serves ? (
                <Text fz="xs" c="gray.7">
                  {t(current ? 'visits-calendar.assigned_now' : 'visits-calendar.not_serving')}
                </Text>
              ) : null
            }
            data-testid={`assign-to-${technician.id}`}
          >
            {technician.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
