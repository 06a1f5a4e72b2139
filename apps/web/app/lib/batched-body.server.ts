/**
 * The document's body stream: React's writes (4 KB pieces) gathered and passed on once per flush. React
 * calls `flush()` on its destination after each batch it writes (meant for a compression stream), so a
 * page whose shell is the whole page goes out as one chunk instead of twenty-odd, each of which would
 * otherwise cross the web stream of the Response, Fastify's stream and the compressor (a call into
 * zlib's thread pool per chunk: a tenth of a signed-in page's time in a profile, issue 13).
 */
import { Transform, type TransformOptions } from 'node:stream';

export function batchedBody(options: TransformOptions = {}): Transform & { flush: () => void } {
  let held: Buffer[] = [];
  const release = (stream: Transform) => {
    if (!held.length) return;
    stream.push(held.length === 1 ? held[0] : Buffer.concat(held));
    held = [];
  };
  const body = new Transform({
    ...options,
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      done();
    },
    flush(done) {
      release(this);
      done();
    },
  });
  return Object.assign(body, { flush: () => release(body) });
}
