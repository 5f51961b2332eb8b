/**
 * The body a page's HTML is rendered into: React's `pipe()` writes straight into the web
 * stream React Router sends (docs/decisions/0019-fewer-larger-html-chunks.md).
 *
 * - React writes a page as many small pieces in one go: strings from the string-writing
 *   renderer Glow uses (decision 0025), byte views from React's Node build. Each would
 *   cross the web stream, the compressor's thread pool and the socket on its own, so what
 *   is written in one turn of the event loop is joined (and text encoded) into one chunk.
 *   Streaming is kept: each rendered part of a page leaves as soon as its turn ends.
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
  // Pieces written this turn. Text is kept as text and encoded once per turn: React's
  // string-writing renderer (see entry.server.tsx) hands over hundreds of small strings.
  let pending: (Uint8Array | string)[] = [];
  let onlyText = true;
  // Bytes for views, UTF-16 units for text: close enough to weigh backpressure by.
  let pendingBytes = 0;
  let scheduled = false;
  let roomAtStart = 0;
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
    onlyText = true;
    pendingBytes = 0;
    onEnd();
    return true;
  };
  const release = () => {
    scheduled = false;
    if (!open || pending.length === 0) return;
    controller.enqueue(
      onlyText
        ? Buffer.from(pending.join(""))
        : pending.length === 1 // then it is bytes: a turn with bytes is not only text
          ? (pending[0] as Uint8Array)
          : Buffer.concat(pending.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece))),
    );
    pending = [];
    onlyText = true;
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
      if (chunk.length === 0) return true;
      pending.push(chunk);
      if (typeof chunk === "string") pendingBytes += chunk.length;
      else {
        onlyText = false;
        pendingBytes += chunk.byteLength;
      }
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
        // Room is read once a turn: it only grows when the reader reads, between turns.
        roomAtStart = controller.desiredSize ?? 0;
      }
      const room = roomAtStart - pendingBytes > 0;
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
