import { describe, expect, it } from 'vitest';
import {
  assignChoices,
  cellKey,
  cellsOf,
  dropCheck,
  HOUR_PX,
  hourSpan,
  placeVisits,
  withMove,
  type LayoutVisit,
} from './layout.ts';

const visit = (id: number, time: string, o: Partial<LayoutVisit> = {}): LayoutVisit => ({
  id,
  time,
  minutes: 90,
  date: '2027-01-02',
  staff_id: null,
  ...o,
});

describe('the visits calendar layout', () => {
  it('spans 08:00 to 20:00 at least, widened to whole hours around every visit', () => {
    expect(hourSpan([])).toEqual({ from: 8, to: 20 });
    expect(hourSpan([visit(1, '10:00')])).toEqual({ from: 8, to: 20 });
    expect(hourSpan([visit(1, '06:30'), visit(2, '19:45')])).toEqual({ from: 6, to: 22 });
    // A visit late at night stays within the day.
    expect(hourSpan([visit(1, '23:30')])).toEqual({ from: 8, to: 24 });
    expect(hourSpan([visit(1, '00:00')])).toEqual({ from: 0, to: 20 });
  });

  it('puts each visit in its lane and day, in time order', () => {
    const cells = cellsOf([
      visit(3, '12:00', { staff_id: 7 }),
      visit(1, '09:00', { staff_id: 7 }),
      visit(2, '09:00', { staff_id: null }),
      visit(4, '09:00', { staff_id: 7, date: '2027-01-03' }),
    ]);
    expect(cells.get(cellKey(7, '2027-01-02'))!.map((v) => v.id)).toEqual([1, 3]);
    expect(cells.get(cellKey(null, '2027-01-02'))!.map((v) => v.id)).toEqual([2]);
    expect(cells.get(cellKey(7, '2027-01-03'))!.map((v) => v.id)).toEqual([4]);
    expect(cells.size).toBe(3);
  });

  it('places a visit by its time and length from the first hour shown', () => {
    const [p] = placeVisits([visit(1, '09:30')], { from: 8 });
    expect(p).toMatchObject({ top: 1.5 * HOUR_PX, height: 1.5 * HOUR_PX, col: 0, cols: 1 });
  });

  it('sets overlapping visits side by side, each group as wide as it needs', () => {
    const placed = placeVisits(
      [
        visit(1, '09:00'),
        visit(2, '09:30'), // overlaps 1
        visit(3, '10:30'), // 1 has ended: takes its column back, still in the group of 2
        visit(4, '14:00'), // a group of its own
      ],
      { from: 8 },
    );
    const byId = Object.fromEntries(placed.map((p) => [p.visit.id, p]));
    expect([byId[1]!.col, byId[2]!.col, byId[3]!.col]).toEqual([0, 1, 0]);
    expect([byId[1]!.cols, byId[2]!.cols, byId[3]!.cols]).toEqual([2, 2, 2]);
    expect(byId[4]).toMatchObject({ col: 0, cols: 1 });
    // Visits 90 minutes apart touch without overlapping.
    expect(placeVisits([visit(5, '09:00'), visit(6, '10:30')], { from: 8 }).map((p) => p.cols)).toEqual([1, 1]);
  });

  it('asks the server only for a move to an open technician on the same day', () => {
    const techs = [
      { id: 7, available: true },
      { id: 8, available: true },
      { id: 9, available: false },
    ];
    const v = { date: '2027-01-02', staff_id: 7, can_assign: true };
    expect(dropCheck(v, { lane: 7, day: '2027-01-02' }, techs)).toBe('stay');
    expect(dropCheck(v, { lane: 8, day: '2027-01-02' }, techs)).toBeNull();
    expect(dropCheck(v, { lane: 8, day: '2027-01-03' }, techs)).toBe('same_day_only');
    expect(dropCheck(v, { lane: null, day: '2027-01-02' }, techs)).toBe('cannot_unassign');
    expect(dropCheck(v, { lane: 9, day: '2027-01-02' }, techs)).toBe('lane_closed');
    expect(dropCheck({ ...v, can_assign: false }, { lane: 8, day: '2027-01-02' }, techs)).toBe('not_movable');
    // An unassigned visit goes to a technician.
    expect(dropCheck({ ...v, staff_id: null }, { lane: 8, day: '2027-01-02' }, techs)).toBeNull();
  });

  it('shows a move being saved in its new lane', () => {
    const visits = [visit(1, '09:00', { staff_id: 7 }), visit(2, '11:00', { staff_id: 7 })];
    expect(withMove(visits, { id: 1, staffId: 8 }).map((v) => v.staff_id)).toEqual([8, 7]);
    expect(withMove(visits, null)).toEqual(visits);
  });

  it('offers the open technicians, those serving the visit’s city first, the current one marked', () => {
    const techs = [
      { id: 7, available: true, city_ids: [2] },
      { id: 8, available: true, city_ids: [1] },
      { id: 9, available: false, city_ids: [1] },
    ];
    const choices = assignChoices({ staff_id: 8, city_id: 1 }, techs);
    expect(choices.map((c) => [c.technician.id, c.current, c.serves])).toEqual([
      [8, true, true],
      [7, false, false],
    ]);
  });
});
