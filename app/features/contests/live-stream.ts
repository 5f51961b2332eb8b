/**
 * Follows an event stream and comes back after the server refused or ended it.
 *
 * A browser's EventSource reopens a stream that dropped mid-way by itself, but gives up for
 * good when an answer is not a 200 event stream: a 429 (too many streams), a 503 (the
 * database away, or shutdown) leaves it CLOSED and the page stops following the contest
 * until a reload. Here a closed source is reopened after a growing wait with some jitter
 * (so a thousand pages refused together do not come back together), and a reopened stream
 * counts as a change, since what happened while it was closed was not heard.
 */

/** The part of the browser's EventSource this needs (a test hands its own). */
export interface StreamSource {
  readonly readyState: number;
  addEventListener(type: string, listener: () => void): void;
  close(): void;
}

/** EventSource.CLOSED: the browser will not reopen this source by itself. */
const CLOSED = 2;

export const RECONNECT = {
  /** The first wait after a refusal; each further one doubles, up to `maxMs`. */
  firstMs: 2_000,
  maxMs: 60_000,
  /** Each wait is drawn between (1 - jitter) and 1 times its step. */
  jitter: 0.3,
} as const;

export interface Clock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  random(): number;
}

const browserClock: Clock = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  random: () => Math.random(),
};

/** The wait before the `attempt`-th reopening (0 for the first). */
export function reconnectDelay(attempt: number, random: number): number {
  const step = Math.min(RECONNECT.maxMs, RECONNECT.firstMs * 2 ** attempt);
  return Math.round(step * (1 - RECONNECT.jitter * random));
}

/**
 * Opens `open()`, calls `onChange` for each `event` and once after every reopening, and
 * answers how to stop following.
 */
export function followStream(open: () => StreamSource, event: string, onChange: () => void, clock: Clock = browserClock): () => void {
  let source: StreamSource | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let stopped = false;
  let reopened = false;

  const connect = () => {
    timer = null;
    if (stopped) return;
    const current = open();
    source = current;
    current.addEventListener(event, () => {
      if (!stopped) onChange();
    });
    current.addEventListener("open", () => {
      if (stopped || source !== current) return;
      attempt = 0;
      if (reopened) {
        reopened = false;
        onChange();
      }
    });
    current.addEventListener("error", () => {
      // CONNECTING means the browser is already reopening it (a drop mid-stream); only a
      // source it gave up on is ours to reopen.
      if (stopped || source !== current || current.readyState !== CLOSED) return;
      current.close();
      reopened = true;
      timer = clock.setTimeout(connect, reconnectDelay(attempt, clock.random()));
      attempt += 1;
    });
  };

  connect();
  return () => {
    stopped = true;
    if (timer !== null) clock.clearTimeout(timer);
    source?.close();
  };
}
