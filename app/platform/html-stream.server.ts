import { Transform } from "node:stream";

/**
 * The stream a page's HTML is rendered into. React writes a page as many small chunks
 * (2 KB views, tags, scripts) in one go; each chunk would then cross the web stream, the
 * compressor's thread pool and the socket on its own. This joins what is written in one
 * turn of the event loop into a single chunk, so each rendered part of a page still leaves
 * at once, as one piece instead of dozens. Measured: a tenth to a third more pages a second
 * (docs/decisions/0019-fewer-larger-html-chunks.md).
 *
 * `onEnd` runs once everything has been written.
 */
export function coalescingStream(onEnd: () => void = () => {}) {
  let pending: Buffer[] = [];
  let scheduled = false;
  const release = () => {
    scheduled = false;
    // Nothing is left to send to a page that was aborted (its stream destroyed).
    if (pending.length === 0 || stream.destroyed) return;
    stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback) {
      release();
      onEnd();
      callback();
    },
  });
  return stream;
}
