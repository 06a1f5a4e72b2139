/** What other features may use of the date pieces (the boundary is checked by .dependency-cruiser.cjs). */
export { DateField, DayInWords } from './date-field.tsx';
export { TimeField, timeProblem } from './time-field.tsx';
export { gregorianLabel, hijriLabel, plusDays, riyadhNow, riyadhToday } from './riyadh-day.ts';
export { InstantWhen, SlotWhen } from './when.tsx';
