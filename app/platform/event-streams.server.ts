/**
 * Server-sent event streams, bounded (docs/decisions/1123): at most EVENT_STREAM_RULES.perMember
 * open streams a member and EVENT_STREAMS_MAX a process; more are refused (429 with
 * Retry-After) before anything is kept for them. A stream keeps nothing once it is closed
 * (its subscription, its keep-alive timer and its entry here go), whoever closes it: the
 * browser going away, the request being aborted, or shutdown, which ends every stream at once
 * with an SSE `retry:` hint so browsers come back (to another instance) a moment later.
 */
import type { RouterContextProvider } from "react-router";
import { env } from "./env.server";
import { subscribeEvents } from "./events.server";
import { getInstance } from "./i18n.server";
import { done, refused, type Outcome, type Refused } from "./outcome";
import { jsonRefusal } from "./respond.server";

export const EVENT_STREAM_RULES = {
  /** Open streams one member may hold in one process (tabs and devices following a contest). */
  perMember: 5,
  /** How long a refused caller is asked to wait. */
  retryAfterSeconds: 30,
  /** A comment now and then keeps proxies from closing a quiet stream. */
  keepAliveMs: 25_000,
  /**
   * When shutdown ends the streams, browsers are told to come back after a wait picked in
   * this range, so that a thousand of them do not all come back at the same moment.
   */
  shutdownRetryMs: { min: 1_000, max: 5_000 },
} as const;

export type StreamRefusal = "member-streams" | "instance-streams" | "shutting-down";

interface OpenStream {
  owner: number;
  /** Closes the stream; `retryMs` first tells the browser when to open it again. */
  end(retryMs?: number): void;
}

const open = new Set<OpenStream>();
const perOwner = new Map<number, number>();
let shuttingDown = false;

const encoder = new TextEncoder();

/**
 * Opens an event stream for `owner` (a member's id): `follow` subscribes it, gets a `send`,
 * and answers how to unsubscribe. Refused when the member or the process already holds as
 * many streams as the rules allow, or shutdown has begun.
 */
export function openEventStream(
  request: Request,
  owner: number,
  follow: (send: (event: string, data: string) => void) => () => void,
): Outcome<Response, StreamRefusal> {
  if (shuttingDown) return refused("shutting-down", { retryAfter: 5 });
  if ((perOwner.get(owner) ?? 0) >= EVENT_STREAM_RULES.perMember) {
    return refused("member-streams", { retryAfter: EVENT_STREAM_RULES.retryAfterSeconds, details: { max: EVENT_STREAM_RULES.perMember } });
  }
  if (open.size >= env().EVENT_STREAMS_MAX) return refused("instance-streams", { retryAfter: EVENT_STREAM_RULES.retryAfterSeconds });

  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  let unsubscribe: (() => void) | null = null;
  let keepAlive: ReturnType<typeof setInterval> | null = null;

  const write = (text: string) => {
    if (closed || !controller) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      // The browser went away without a word (the body was cancelled): a write from a timer
      // or a commit's after-work must not throw, and the stream's work stops.
      close();
    }
  };
  const close = () => {
    if (closed) return;
    closed = true;
    open.delete(stream);
    const left = (perOwner.get(owner) ?? 1) - 1;
    if (left > 0) perOwner.set(owner, left);
    else perOwner.delete(owner);
    if (keepAlive) clearInterval(keepAlive);
    unsubscribe?.();
    request.signal.removeEventListener("abort", close);
    try {
      controller?.close();
    } catch {
      /* already closed or cancelled */
    }
    controller = null;
  };
  const stream: OpenStream = {
    owner,
    end(retryMs) {
      if (retryMs !== undefined) write(`retry: ${Math.round(retryMs)}\n\n`);
      close();
    },
  };

  open.add(stream);
  perOwner.set(owner, (perOwner.get(owner) ?? 0) + 1);
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      // A first line at once: a proxy may hold the answer's headers until the body's first
      // bytes (nginx does over HTTP/2), and the browser counts the stream open only when
      // they arrive; without it that waits for the first event or keep-alive, 25 s.
      c.enqueue(encoder.encode(": open\n\n"));
    },
    cancel: close,
  });
  unsubscribe = follow((event, data) => write(`event: ${event}\ndata: ${data}\n\n`));
  keepAlive = setInterval(() => write(": keep-alive\n\n"), EVENT_STREAM_RULES.keepAliveMs);
  request.signal.addEventListener("abort", close);
  if (request.signal.aborted) close();

  return done(
    new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache",
        // X-Accel-Buffering: nginx passes each event on at once instead of holding it.
        "X-Accel-Buffering": "no",
      },
    }),
  );
}

/** How each refusal is answered: its status and its message (a translation key). */
const streamRefusals: Record<StreamRefusal, { status: 429 | 503; message: string }> = {
  "member-streams": { status: 429, message: "errors:streams.memberStreams" },
  "instance-streams": { status: 429, message: "errors:streams.instanceStreams" },
  // Going away: the browser opens it again elsewhere (a proxy sends it to another instance).
  "shutting-down": { status: 503, message: "errors:types.RESOURCES_UNAVAILABLE.message" },
};

/**
 * A refused stream, answered as the responder answers any refusal to a caller that is not
 * a page: the status, Retry-After, and the envelope with the message in the reader's language.
 */
export function refuseEventStream(context: Readonly<RouterContextProvider>, refusal: Refused<StreamRefusal>) {
  const how = streamRefusals[refusal.refusal];
  return jsonRefusal(how.status, getInstance(context).t(how.message, refusal.details), { retryAfter: refusal.retryAfter });
}

/**
 * Subscribes a stream to one topic: "changed" when it is published, and when this process
 * may have missed it (the database dropped its listening connection for a while).
 */
export function followTopic(topic: string) {
  return (send: (event: string, data: string) => void) => {
    let n = 0;
    return subscribeEvents(
      (heard) => {
        if (heard === topic) send("changed", String(++n));
      },
      () => send("changed", String(++n)),
    );
  };
}

/**
 * Shutdown: refuses new streams and ends every open one now, each with a `retry:` hint, so
 * the process is not held until its grace period runs out by streams that never end.
 */
export function endEventStreams() {
  shuttingDown = true;
  const { min, max } = EVENT_STREAM_RULES.shutdownRetryMs;
  for (const stream of [...open]) stream.end(min + Math.random() * (max - min));
}

/** How many streams are open, and for how many members (tests, and nothing kept after). */
export function openStreamCount(): { streams: number; members: number } {
  return { streams: open.size, members: perOwner.size };
}

/** Tests: streams may open again after `endEventStreams`. */
export function resetEventStreams() {
  for (const stream of [...open]) stream.end();
  shuttingDown = false;
}
