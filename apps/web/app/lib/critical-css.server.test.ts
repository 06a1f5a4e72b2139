import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  criticalCssReader,
  disableStylesheetLinks,
  headRewriter,
  stylesheetsCached,
  stylesheetsOf,
} from './critical-css.server.ts';

describe('critical CSS', () => {
  it('lists the stylesheets of the matched routes, root first, each once', () => {
    const manifest = {
      routes: {
        root: { css: ['/assets/root.css', '/assets/Button.css#'] },
        layout: { css: ['/assets/Button.css#', '/assets/nav.css'] },
        home: {},
        other: { css: ['/assets/other.css'] },
      },
    };
    expect(stylesheetsOf(manifest, ['root', 'layout', 'home'])).toEqual([
      '/assets/root.css',
      '/assets/Button.css#',
      '/assets/nav.css',
    ]);
  });

  it('reads the stylesheets from the client build, a file once, and gives up when one is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'critical-css-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'root.css'), 'body{margin:0}');
    writeFileSync(join(dir, 'assets', 'Button.css'), '.b{color:red}');
    const read = criticalCssReader(dir);
    expect(read(['/assets/root.css', '/assets/Button.css#', '/assets/Button.css'])).toBe(
      'body{margin:0}\n.b{color:red}',
    );
    expect(read(['/assets/root.css', '/assets/gone.css'])).toBeNull();
    expect(read(['/assets/../../etc/passwd'])).toBeNull();
  });

  it('knows a browser holds the stylesheets only from the styles cookie naming this build', () => {
    expect(stylesheetsCached('lang=ar; styles=v42; auth=x', 'v42')).toBe(true);
    expect(stylesheetsCached('styles=v41', 'v42')).toBe(false);
    expect(stylesheetsCached('lang=ar', 'v42')).toBe(false);
    expect(stylesheetsCached(null, 'v42')).toBe(false);
  });

  it('disables the links of the inlined stylesheets only', () => {
    const head =
      '<link nonce="n" rel="stylesheet" href="/assets/root.css"/>' +
      '<link rel="stylesheet" href="/assets/Button.css#"/>' +
      '<link rel="stylesheet" href="/assets/late.css"/>' +
      '<link rel="preload" as="font" href="/assets/root.css"/>';
    expect(disableStylesheetLinks(head, ['/assets/root.css', '/assets/Button.css#'])).toBe(
      '<link nonce="n" rel="stylesheet" href="/assets/root.css" disabled=""/>' +
        '<link rel="stylesheet" href="/assets/Button.css#" disabled=""/>' +
        '<link rel="stylesheet" href="/assets/late.css"/>' +
        '<link rel="preload" as="font" href="/assets/root.css"/>',
    );
  });

  it('rewrites the head of a streamed document once, however it is cut, and passes the body as it is', async () => {
    const html = '<html><head><link rel="stylesheet" href="/a.css"/></head><body>مرحبا </head></body></html>';
    const bytes = Buffer.from(html);
    const pieces = [bytes.subarray(0, 7), bytes.subarray(7, 30), bytes.subarray(30, 55), bytes.subarray(55)];
    const out = Readable.from(pieces).pipe(headRewriter((head) => head.replace('/a.css"', '/a.css" disabled=""')));
    expect(await text(out)).toBe(html.replace('/a.css"', '/a.css" disabled=""'));
  });

  it('passes a document without a head unchanged', async () => {
    const out = Readable.from([Buffer.from('<p>no head</p>')]).pipe(headRewriter(() => 'changed'));
    expect(await text(out)).toBe('<p>no head</p>');
  });
});
