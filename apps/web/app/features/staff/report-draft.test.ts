import { describe, expect, it } from 'vitest';
import {
  dropReportDraft,
  keepReportDraft,
  loadReportDraft,
  parseReportDraft,
  type ReportDraft,
} from './report-draft.ts';
import { newLine } from './lines.ts';
import { readingDrafts } from './readings.ts';

const memory = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
};

const draft = (): ReportDraft => ({
  checklist: { pump: false, filter: true },
  photos_before: ['/uploads/visit-reports/0123456789abcdef0123456789abcdef.jpg'],
  photos_after: [],
  parts: [
    { ...newLine(), item: '7', quantity: 2 },
    { ...newLine(), mode: 'typed', name: 'Seal', quantity: '1' },
  ],
  notes: 'Replaced the pump seal.',
  readings: { ...readingDrafts(), ph: '8.4' },
});

describe('the report draft kept in the browser', () => {
  it('is kept by order until dropped, and comes back as it was typed', () => {
    const store = memory();
    keepReportDraft(12, draft(), store);
    keepReportDraft(13, { ...draft(), notes: 'Another order' }, store);
    const back = loadReportDraft(12, store)!;
    expect(back).toMatchObject({
      checklist: { pump: false, filter: true },
      photos_before: draft().photos_before,
      notes: 'Replaced the pump seal.',
      readings: { ph: '8.4', free_chlorine: '' },
    });
    expect(back.parts.map((p) => [p.item, p.mode, p.name, p.quantity])).toEqual([
      ['7', undefined, '', 2],
      ['', 'typed', 'Seal', '1'],
    ]);
    // Fresh line keys: none repeats one the form makes next.
    const keys = [...back.parts.map((p) => p.key), newLine().key];
    expect(new Set(keys).size).toBe(keys.length);

    dropReportDraft(12, store);
    expect(loadReportDraft(12, store)).toBeNull();
    expect(loadReportDraft(13, store)?.notes).toBe('Another order');
  });

  it('ignores what is not a draft, and unknown checklist items and readings', () => {
    for (const text of [null, '', 'not json', '[]', '{}', '{"checklist":{},"readings":{},"parts":[],"notes":1}'])
      expect(parseReportDraft(text), String(text)).toBeNull();
    const odd = parseReportDraft(
      JSON.stringify({ ...draft(), checklist: { pump: true, roof: true, filter: 'yes' }, readings: { ph: 7, x: '1' } }),
    )!;
    expect(odd.checklist).toEqual({ pump: true });
    expect(odd.readings.ph).toBe('');
    expect(odd.readings).not.toHaveProperty('x');
  });

  it('survives a storage that refuses (private mode, full)', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => keepReportDraft(1, draft(), refusing)).not.toThrow();
    expect(loadReportDraft(1, refusing)).toBeNull();
    expect(() => dropReportDraft(1, refusing)).not.toThrow();
    expect(loadReportDraft(1, null)).toBeNull();
  });
});
