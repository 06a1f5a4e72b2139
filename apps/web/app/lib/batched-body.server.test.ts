import { PassThrough, type Readable } from 'node:stream';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { batchedBody } from './batched-body.server.ts';

/** Every chunk a stream gives, as text, once it ends. */
function chunksOf(stream: Readable): Promise<string[]> {
  const chunks: string[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  return new Promise((resolve, reject) => {
    stream.on('end', () => resolve(chunks));
    stream.on('error', reject);
  });
}

/** A page of `rows` paragraphs rendered as the site renders documents, piped into `body`. */
function renderInto(body: PassThrough | ReturnType<typeof batchedBody>, rows: number) {
  const page = createElement(
    'main',
    null,
    Array.from({ length: rows }, (_, i) => createElement('p', { key: i }, `فقرة رقم ${i} من الصفحة`)),
  );
  const { pipe } = renderToPipeableStream(page, { onShellReady: () => pipe(body) });
  return chunksOf(body);
}

describe('the document body stream', () => {
  it('passes the writes on together at each flush, and what is left at the end', async () => {
    const body = batchedBody();
    const chunks = chunksOf(body);
    body.write('a');
    body.write('b');
    body.write('c');
    body.flush();
    body.flush(); // nothing held: nothing sent
    body.write('d');
    body.end();
    expect(await chunks).toEqual(['abc', 'd']);
  });

  it('sends a React page in one chunk where a plain stream takes many, the same bytes', async () => {
    const plain = await renderInto(new PassThrough(), 2000);
    const batched = await renderInto(batchedBody(), 2000);
    expect(plain.length).toBeGreaterThan(10);
    expect(batched).toHaveLength(1);
    expect(batched.join('')).toBe(plain.join(''));
  });

  it('calls the final callback it is given, as the plain stream did', async () => {
    let finals = 0;
    const body = batchedBody({
      final(done) {
        finals++;
        done();
      },
    });
    const chunks = chunksOf(body);
    body.end('x');
    expect(await chunks).toEqual(['x']);
    expect(finals).toBe(1);
  });
});
