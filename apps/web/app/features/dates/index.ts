/** What other features may use of the date pieces (the boundary is checked by .dependency-cruiser.cjs). */
export { DateField, DayInWords } from './date-field.tsx';
export { DayInput } from './day-input.tsx';
export { MomentInput } from './moment-input.tsx';
export { useRiyadhCalendar } from './riyadh-calendar.tsx';
export { TimeField, timeProblem } from './time-field.tsx';
export {
  daysRangeLabel,
  gregorianLabel,
  hijriDayAndMonth,
  hijriLabel,
  hijriRangeLabel,
  plusDays,
  riyadhNow,
  riyadhToday,
  weekdayAndDate,
  weekdayLabel,
} from './riyadh-day.ts';
export { InstantWhen, SlotWhen } from './when.tsx';
