/**
 * The week on a wide screen: a table with a lane per technician (the unassigned visits first) and a
 * column per day, Saturday to Friday; each visit a block at its Riyadh time, as long as a visit
 * lasts, coloured by its state. A block dragged (@dnd-kit, pointer) onto another technician's cell
 * of the same day asks for the reassignment; a drop the calendar knows is refused says why and the
 * block goes back, as it does when the server refuses. The "assign to" menu on each block does the
 * same without dragging.
 */
import { useState } from 'react';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import type { CalendarTechnician, CalendarVisit, VisitsCalendar } from '@pool/contracts/people';
import { hijriDayAndMonth, weekdayAndDate } from '../../dates/index.ts';
import { useToasts } from '../../../lib/envelope.ts';
import { cellKey, cellsOf, dropCheck, HOUR_PX, placeVisits, type Lane, type Placed } from './layout.ts';
import { AssignMenu, blockColours, useVisitLabel, VisitLines, type AssignVisit } from './visit-parts.tsx';
import classes from './calendar.module.css';

type Target = { lane: Lane; day: string };

type GridProps = {
  week: VisitsCalendar['week'];
  visits: CalendarVisit[];
  technicians: CalendarTechnician[];
  span: { from: number; to: number };
  /** The admin may move visits (orders.edit). */
  canEdit: boolean;
  /** The visit whose move is being saved. */
  savingId: number | null;
  onAssign: AssignVisit;
};

function Block({
  placed,
  technicians,
  canEdit,
  saving,
  onAssign,
}: {
  placed: Placed<CalendarVisit>;
  technicians: CalendarTechnician[];
  canEdit: boolean;
  saving: boolean;
  onAssign: AssignVisit;
}) {
  const visit = placed.visit;
  const movable = canEdit && visit.can_assign && !saving;
  const label = useVisitLabel();
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: visit.id,
    data: { visit },
    disabled: !movable,
  });
  const width = 100 / placed.cols;
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      className={classes.block}
      style={{
        ...blockColours(visit),
        top: placed.top,
        height: placed.height - 1,
        insetInlineStart: `calc(${placed.col * width}% + 1px)`,
        width: `calc(${width}% - 2px)`,
      }}
      title={label(visit)}
      data-testid="calendar-visit"
      data-visit={visit.id}
      data-lane={visit.staff_id ?? 'none'}
      data-status={visit.status}
      data-fixed={movable ? undefined : ''}
      data-dragging={isDragging ? '' : undefined}
      data-saving={saving ? '' : undefined}
    >
      <VisitLines visit={visit} />
      {canEdit && visit.can_assign ? (
        <div className={classes.menu}>
          <AssignMenu visit={visit} technicians={technicians} onAssign={onAssign} compact />
        </div>
      ) : null}
    </div>
  );
}

function Cell({
  lane,
  day,
  today,
  visits,
  span,
  active,
  ...rest
}: {
  lane: Lane;
  day: string;
  today: boolean;
  visits: CalendarVisit[];
  span: { from: number; to: number };
  active: CalendarVisit | null;
  technicians: CalendarTechnician[];
  canEdit: boolean;
  savingId: number | null;
  onAssign: AssignVisit;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: cellKey(lane, day), data: { lane, day } satisfies Target });
  const check = active && isOver ? dropCheck(active, { lane, day }, rest.technicians) : 'stay';
  return (
    <td
      ref={setNodeRef}
      className={classes.cell}
      style={{ height: (span.to - span.from) * HOUR_PX, ['--hour' as string]: `${HOUR_PX}px` }}
      data-today={today ? '' : undefined}
      data-drop={check === 'stay' ? undefined : check === null ? 'ok' : 'no'}
      data-testid="calendar-cell"
      data-lane={lane ?? 'none'}
      data-day={day}
    >
      {placeVisits(visits, span).map((p) => (
        <Block
          key={p.visit.id}
          placed={p}
          technicians={rest.technicians}
          canEdit={rest.canEdit}
          saving={rest.savingId === p.visit.id}
          onAssign={rest.onAssign}
        />
      ))}
    </td>
  );
}

/** The hours down a lane's heading, every two hours. */
function Ruler({ span }: { span: { from: number; to: number } }) {
  const hours = [];
  for (let h = span.from + 1; h < span.to; h++) if (h % 2 === 0) hours.push(h);
  return (
    <div className={classes.ruler} aria-hidden>
      {hours.map((h) => (
        <span key={h} className={classes.tick} style={{ top: (h - span.from) * HOUR_PX }} dir="ltr">
          {`${String(h).padStart(2, '0')}:00`}
        </span>
      ))}
    </div>
  );
}

export function WeekGrid({ week, visits, technicians, span, canEdit, savingId, onAssign }: GridProps) {
  const { t } = useTranslation();
  const toast = useToasts();
  const [active, setActive] = useState<CalendarVisit | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const cells = cellsOf(visits);
  const lanes: { id: Lane; name: string; image: string | null; available: boolean }[] = [
    { id: null, name: t('visits-calendar.unassigned'), image: null, available: true },
    ...technicians.map((x) => ({ id: x.id, name: x.name, image: x.image, available: x.available })),
  ];
  const laneName = (lane: Lane) => lanes.find((l) => l.id === lane)?.name ?? '';
  const cellName = (target: Target | undefined) =>
    target
      ? t('visits-calendar.cell_label', { lane: laneName(target.lane), day: weekdayAndDate(target.day, 'ar') })
      : '';
  const numberOf = (id: unknown) => visits.find((v) => v.id === id)?.number ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('visits-calendar.drag_start', { number: numberOf(a.id) }),
    onDragOver: ({ active: a, over }) =>
      over
        ? t('visits-calendar.drag_over', { number: numberOf(a.id), cell: cellName(over.data.current as Target) })
        : undefined,
    onDragEnd: ({ active: a }) => t('visits-calendar.drag_end', { number: numberOf(a.id) }),
    onDragCancel: ({ active: a }) => t('visits-calendar.drag_cancel', { number: numberOf(a.id) }),
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const visit = visits.find((v) => v.id === a.id);
    const target = over?.data.current as Target | undefined;
    if (!visit || !target) return;
    const check = dropCheck(visit, target, technicians);
    if (check === 'stay') return;
    // The block goes back to its place; the reason is said.
    if (check) toast.error(t(`visits-calendar.${check}`));
    else onAssign(visit, target.lane!);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('visits-calendar.drag_hint') } }}
      onDragStart={({ active: a }) => setActive(visits.find((v) => v.id === a.id) ?? null)}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      <div className={classes.scroller}>
        <table className={classes.table} data-testid="visits-week">
          <caption className="visually-hidden">{t('visits-calendar.grid_label')}</caption>
          <thead>
            <tr>
              <th scope="col" className={`${classes.corner} ${classes.dayHead}`}>
                {t('visits-calendar.technician')}
              </th>
              {week.days.map((day) => {
                const count = visits.filter((v) => v.date === day).length;
                return (
                  <th
                    key={day}
                    scope="col"
                    className={classes.dayHead}
                    data-today={day === week.today ? '' : undefined}
                    data-testid="calendar-day"
                  >
                    <Text fz="sm" fw={700}>
                      {weekdayAndDate(day, 'ar')}
                    </Text>
                    <Text fz="xs" c="gray.7" data-testid="calendar-day-hijri">
                      {hijriDayAndMonth(day, 'ar')}
                    </Text>
                    <Text fz="xs" c="gray.7">
                      {day === week.today ? `${t('visits-calendar.today')} · ` : ''}
                      {t('visits-calendar.day_visits', { count })}
                    </Text>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {lanes.map((lane) => (
              <tr key={lane.id ?? 'none'} data-testid="calendar-lane" data-lane={lane.id ?? 'none'}>
                <th scope="row" className={classes.laneHead}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    {lane.id === null ? null : <Avatar src={lane.image} alt="" radius="xl" size={28} color="cyan" />}
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fz="sm" fw={700} lineClamp={2}>
                        {lane.name}
                      </Text>
                      {lane.available ? null : (
                        <Text fz="xs" c="gray.7">
                          {t('visits-calendar.unavailable')}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                  <Ruler span={span} />
                </th>
                {week.days.map((day) => (
                  <Cell
                    key={day}
                    lane={lane.id}
                    day={day}
                    today={day === week.today}
                    visits={cells.get(cellKey(lane.id, day)) ?? []}
                    span={span}
                    active={active}
                    technicians={technicians}
                    canEdit={canEdit}
                    savingId={savingId}
                    onAssign={onAssign}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div className={`${classes.block} ${classes.overlay}`} style={blockColours(active)}>
            <VisitLines visit={active} linked={false} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
