/**
 * The body a page's HTML is rendered into: React's `pipe()` writes straight into the web
 * stream React Router sends (docs/decisions/0019-fewer-larger-html-chunks.md).
 *
 * - React writes a page as many small pieces (4 KB views, tags, scripts) in one go. Each
 *   would cross the web stream, the compressor's thread pool and the socket on its own, so
 *   what is written in one turn of the event loop is joined into one chunk. Streaming is
 *   kept: each rendered part of a page leaves as soon as its turn ends.
 * - React only needs a writable's `write`, `end`, `destroy` and `on` here. Giving it those
 *   directly, instead of a Node stream turned into a web stream, skips two streams'
 *   bookkeeping per piece.
 * - Backpressure holds: `write` answers false once the body holds `highWaterMark` bytes
 *   nobody has read, and "drain" follows when the reader takes them.
 * - When the reader goes away (the browser left), "close" tells React to stop rendering.
 *
 * `onEnd` runs once, when the page is finished, fails or is abandoned.
 */
export interface HtmlDestination {
  write(chunk: Uint8Array | string): boolean;
  end(): void;
  destroy(error?: unknown): void;
  on(event: string, listener: (...args: unknown[]) => void): HtmlDestination;
}

export function htmlBody(onEnd: () => void = () => {}, highWaterMark = 64 * 1024) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let scheduled = false;
  let open = true;
  let waitingForRoom = false;
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  const finish = () => {
    if (!open) return false;
    open = false;
    pending = [];
    pendingBytes = 0;
    onEnd();
    return true;
  };
  const release = () => {
    scheduled = false;
    if (!open || pending.length === 0) return;
    controller.enqueue(pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        if (waitingForRoom) {
          waitingForRoom = false;
          emit("drain");
        }
      },
      cancel() {
        if (finish()) emit("close");
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark }),
  );

  const destination: HtmlDestination = {
    write(chunk) {
      if (!open) return false;
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      pending.push(bytes);
      pendingBytes += bytes.byteLength;
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      const room = (controller.desiredSize ?? 0) - pendingBytes > 0;
      if (!room) waitingForRoom = true;
      return room;
    },
    end() {
      if (!open) return;
      release();
      controller.close();
      finish();
    },
    destroy(error) {
      if (!open) return;
      controller.error(error);
      finish();
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return destination;
    },
  };
  return { destination, body };
}
