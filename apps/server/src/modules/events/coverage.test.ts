/**
 * Every notification type of spec section 9 is sent by something and asserted by some test: a
 * move of an order machine or a job or service names it (the source), and a test other than the
 * catalogue's own expects it by name. A type that nothing sends, or that no test looks for, fails
 * here with its name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, ORDER_KINDS, ORDER_MACHINES } from '@pool/contracts';

const SERVER = join(import.meta.dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const files = filesUnder(SERVER);
const read = (names: string[]) => names.map((f) => readFileSync(f, 'utf8')).join('\n');
const source = read(files.filter((f) => !f.endsWith('.test.ts')));
const testLines = read(
  files.filter((f) => f.endsWith('.test.ts') && !/events[/\\](catalogue|coverage)\.test\.ts$/.test(f)),
).split('\n');
const quoted = (type: string) => new RegExp(`['"\`]${type}['"\`]`);

/** The types the machines declare on their moves and starts. */
const declared = new Set(
  ORDER_KINDS.flatMap((kind) => {
    const { moves, start } = ORDER_MACHINES[kind];
    return [...moves, start].flatMap((m) => [...(m.notify ?? []), ...(m.notifyAdmins ? [m.notifyAdmins] : [])]);
  }),
);

describe('the notification types in use', () => {
  it('has each of the 37 types sent by a declared move or named by the server’s code', () => {
    const unsent = NOTIFICATION_TYPES.filter((t) => !declared.has(t) && !quoted(t).test(source));
    expect(unsent).toEqual([]);
  });

  it('has each type expected by name in some API or job test', () => {
    // Named where notifications are checked (a state of the same name elsewhere does not count).
    const checked = (type: string) =>
      testLines.some(
        (line, i) =>
          quoted(type).test(line) &&
          /type|told|notif|sent|send/i.test(testLines.slice(Math.max(0, i - 4), i + 2).join(' ')),
      );
    const untested = NOTIFICATION_TYPES.filter((t) => !checked(t));
    expect(untested).toEqual([]);
  });
});
