/**
 * Calendar days in the company's time zone, from the zone's rules (Intl),
 * never from a fixed offset.
 */
export const COMPANY_TIME_ZONE = 'Asia/Riyadh';

/** How far `timeZone`'s wall clock is ahead of UTC at instant `at`, in ms. */
function zoneOffsetMs(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant day `YYYY-MM-DD` begins in `timeZone` (Riyadh by default). */
export function dayStart(day: string, timeZone = COMPANY_TIME_ZONE): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at that midnight, taken twice so a change of offset that night is respected.
  const guess = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffsetMs(guess, timeZone));
}

/** The instant the day after `YYYY-MM-DD` begins in `timeZone`: the end (exclusive) of that day. */
export function dayEnd(day: string, timeZone = COMPANY_TIME_ZONE): Date {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return dayStart(next, timeZone);
}
