/**
 * The visits calendar's layout, apart from React: which lane and day each visit goes in, where in
 * its cell (top and height from its Riyadh time and length; side by side with the visits it
 * overlaps), the hours the week's cells span, and whether a visit may be dropped on a cell.
 */
import type { CalendarTechnician, CalendarVisit } from '@pool/contracts/people';

/** The height of an hour in a cell (px). */
export const HOUR_PX = 26;
/** The hours a week shows at least (Riyadh): a visit outside widens them. */
export const DEFAULT_HOURS = { from: 8, to: 20 } as const;

/** A lane: a technician's id, or null for the visits no one has yet. */
export type Lane = number | null;

export type LayoutVisit = Pick<CalendarVisit, 'id' | 'time' | 'minutes' | 'date' | 'staff_id'>;

/** Minutes since midnight of `HH:MM`. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The whole hours the cells span: DEFAULT_HOURS, widened to hold every visit (within the day). */
export function hourSpan(visits: readonly Pick<LayoutVisit, 'time' | 'minutes'>[]) {
  let from: number = DEFAULT_HOURS.from;
  let to: number = DEFAULT_HOURS.to;
  for (const v of visits) {
    const start = minutesOf(v.time);
    from = Math.min(from, Math.floor(start / 60));
    to = Math.max(to, Math.ceil((start + v.minutes) / 60));
  }
  return { from: Math.max(0, from), to: Math.min(24, to) };
}

/** The key of a lane's cell on a day. */
export const cellKey = (lane: Lane, day: string) => `${lane ?? 'none'}|${day}`;

/** The visits of each cell (lane and day), in time order. */
export function cellsOf<V extends LayoutVisit>(visits: readonly V[]): Map<string, V[]> {
  const cells = new Map<string, V[]>();
  const ordered = [...visits].sort(
    (a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.id - b.id,
  );
  for (const v of ordered) {
    const key = cellKey(v.staff_id, v.date);
    cells.set(key, [...(cells.get(key) ?? []), v]);
  }
  return cells;
}

export type Placed<V> = {
  visit: V;
  /** From the cell's top and its height, px. */
  top: number;
  height: number;
  /** Its column among the visits it overlaps, and how many columns they take. */
  col: number;
  cols: number;
};

/**
 * Places a cell's visits: top and height from the time and length; visits whose times overlap
 * share the width in columns (each takes the first column free at its start), as many as the
 * widest moment of their group needs.
 */
export function placeVisits<V extends LayoutVisit>(visits: readonly V[], span: { from: number }): Placed<V>[] {
  const ordered = [...visits].sort((a, b) => minutesOf(a.time) - minutesOf(b.time) || a.id - b.id);
  const out: Placed<V>[] = [];
  let group: Placed<V>[] = [];
  let columnsEnd: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const p of group) p.cols = columnsEnd.length;
    group = [];
    columnsEnd = [];
  };
  for (const v of ordered) {
    const start = minutesOf(v.time);
    const end = start + v.minutes;
    if (start >= groupEnd) closeGroup();
    let col = columnsEnd.findIndex((e) => e <= start);
    if (col < 0) col = columnsEnd.push(end) - 1;
    else columnsEnd[col] = end;
    groupEnd = Math.max(groupEnd, end);
    const placed = {
      visit: v,
      top: ((start - span.from * 60) / 60) * HOUR_PX,
      height: (v.minutes / 60) * HOUR_PX,
      col,
      cols: 1,
    };
    group.push(placed);
    out.push(placed);
  }
  closeGroup();
  return out;
}

/** Why a visit cannot be dropped on a cell (the texts' key), or null when the server may be asked. */
export type DropRefusal = 'same_day_only' | 'cannot_unassign' | 'not_movable' | 'lane_closed';

/**
 * Whether dropping `visit` on `lane`'s cell of `day` asks the server for a reassignment: not
 * back where it was (`'stay'`), not on another day (a visit keeps its day and time), not to the
 * unassigned lane, not a visit past its assignment, not a technician who takes no new visits.
 * The city and the overlap are the server's to refuse.
 */
export function dropCheck(
  visit: Pick<CalendarVisit, 'date' | 'staff_id' | 'can_assign'>,
  target: { lane: Lane; day: string },
  technicians: readonly Pick<CalendarTechnician, 'id' | 'available'>[],
): 'stay' | DropRefusal | null {
  if (target.lane === visit.staff_id && target.day === visit.date) return 'stay';
  if (target.day !== visit.date) return 'same_day_only';
  if (target.lane === null) return 'cannot_unassign';
  if (!visit.can_assign) return 'not_movable';
  if (!technicians.find((t) => t.id === target.lane)?.available) return 'lane_closed';
  return null;
}

/** The visits as they are while a move is being saved: the moving one already in its new lane. */
export function withMove<V extends LayoutVisit>(
  visits: readonly V[],
  move: { id: number; staffId: number } | null,
): V[] {
  return move ? visits.map((v) => (v.id === move.id ? { ...v, staff_id: move.staffId } : v)) : [...visits];
}

/** The technicians a visit may be given to from the "assign to" menu: available ones, the city's first. */
export function assignChoices<T extends Pick<CalendarTechnician, 'id' | 'available' | 'city_ids'>>(
  visit: Pick<CalendarVisit, 'staff_id' | 'city_id'>,
  technicians: readonly T[],
): { technician: T; current: boolean; serves: boolean }[] {
  return technicians
    .filter((t) => t.available)
    .map((t) => ({
      technician: t,
      current: t.id === visit.staff_id,
      serves: visit.city_id !== null && t.city_ids.includes(visit.city_id),
    }))
    .sort((a, b) => Number(b.serves) - Number(a.serves));
}
