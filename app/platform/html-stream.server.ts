/**
 * The body a page's HTML is rendered into (docs/decisions/0019 and 0521): a Node writable
 * for React's `pipe()` on one side, the web stream React Router sends on the other.
 *
 * React writes a page as many pieces in a row. Each would cross the web stream, the
 * compressor and the socket on its own, so the writable takes what is written while it is
 * busy in one go, as Node's writables do when they implement `writev`: a write is handed on
 * at once, and its callback waits for the next turn of the event loop, so the pieces written
 * meanwhile are buffered by Node and handed on together. Streaming is kept: a part rendered
 * later leaves in its own turn.
 *
 * Backpressure holds: a callback also waits while the reader is `highWaterMark` bytes behind,
 * so `write` answers false and "drain" follows once the reader catches up. When the reader
 * goes away (the browser left), the writable is destroyed, which tells React to stop.
 * `onEnd` runs once, when the page is finished, fails or is abandoned. `amend`, when given,
 * sees every piece on its way and may change it (platform/script-priority.server.ts).
 */
import { Writable } from "node:stream";

/** Changes the page's bytes on their way out; `rest` is what it still holds at the end. */
export interface HtmlAmendment {
  piece(bytes: Uint8Array): Uint8Array;
  rest(): Uint8Array;
}

export function htmlBody(onEnd: () => void = () => {}, highWaterMark = 64 * 1024, amend?: HtmlAmendment) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  /** A write's callback, held until the next turn or until the reader takes what waits. */
  let held: (() => void) | null = null;
  let nextTurn: NodeJS.Immediate | undefined;

  const release = () => {
    nextTurn = undefined;
    if ((controller.desiredSize ?? 0) <= 0) return; // pull() releases it when the reader reads
    const callback = held;
    held = null;
    callback?.();
  };
  const handOn = (bytes: Uint8Array, callback: () => void) => {
    const out = amend ? amend.piece(bytes) : bytes;
    if (out.byteLength) controller.enqueue(out);
    held = callback;
    nextTurn = setImmediate(release);
  };

  const destination = new Writable({
    highWaterMark,
    write(chunk: Uint8Array, _encoding, callback) {
      handOn(chunk, callback);
    },
    writev(chunks, callback) {
      handOn(Buffer.concat(chunks.map(({ chunk }) => chunk as Uint8Array)), callback);
    },
    final(callback) {
      const rest = amend?.rest();
      if (rest?.byteLength) controller.enqueue(rest);
      controller.close();
      callback();
    },
    destroy(error, callback) {
      clearImmediate(nextTurn);
      held = null;
      try {
        if (error) controller.error(error);
        else controller.close();
      } catch {
        // The reader already cancelled the body.
      }
      callback(error);
    },
  });
  destination.once("close", onEnd);

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        if (held && !nextTurn) release();
      },
      cancel() {
        destination.destroy();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark }),
  );
  return { destination, body };
}
