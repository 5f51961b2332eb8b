import { describe, expect, it } from "vitest";
import { followStream, reconnectDelay, RECONNECT, type Clock, type StreamSource } from "./live-stream";

/** A source as the browser's EventSource behaves: listeners, a state, `close()`. */
class Source implements StreamSource {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, Array<() => void>>();
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string) {
    if (type === "open") this.readyState = 1;
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  /** The answer was not an event stream (429, 503): the browser gives the source up. */
  refuse() {
    this.readyState = 2;
    this.emit("error");
  }
  /** The stream dropped mid-way: the browser is reopening it by itself. */
  drop() {
    this.readyState = 0;
    this.emit("error");
  }
}

function harness() {
  const sources: Source[] = [];
  const waits: Array<{ ms: number; run: () => void; cleared: boolean }> = [];
  const clock: Clock = {
    setTimeout: (run, ms) => {
      const wait = { ms, run, cleared: false };
      waits.push(wait);
      return wait;
    },
    clearTimeout: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    random: () => 0,
  };
  let changes = 0;
  const stop = followStream(
    () => {
      const source = new Source();
      sources.push(source);
      return source;
    },
    "changed",
    () => (changes += 1),
    clock,
  );
  const at = <T,>(list: T[], i: number): T => {
    const item = list[i];
    if (item === undefined) throw new Error(`nothing at ${i}`);
    return item;
  };
  return {
    sources,
    waits,
    source: (i: number) => at(sources, i),
    wait: (i: number) => at(waits, i),
    stop,
    changes: () => changes,
  };
}

describe("following a contest's event stream", () => {
  it("reloads on each change the stream tells", () => {
    const h = harness();
    h.source(0).emit("open");
    h.source(0).emit("changed");
    h.source(0).emit("changed");
    expect(h.changes()).toBe(2);
  });

  it("comes back after the server refused the stream (429, 503), and reloads once it is back", () => {
    const h = harness();
    h.source(0).refuse();
    expect(h.source(0).closed).toBe(true);
    expect(h.waits.map((w) => w.ms)).toEqual([RECONNECT.firstMs]);
    h.wait(0).run();
    expect(h.sources).toHaveLength(2);
    expect(h.changes()).toBe(0);
    // What happened while it was away was not heard: the page reloads its data once.
    h.source(1).emit("open");
    expect(h.changes()).toBe(1);
  });

  it("waits longer after each refusal, up to a minute, and starts again once a stream opens", () => {
    const h = harness();
    for (let i = 0; i < 7; i += 1) {
      h.source(i).refuse();
      h.wait(i).run();
    }
    expect(h.waits.map((w) => w.ms)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    h.source(7).emit("open");
    h.source(7).refuse();
    expect(h.wait(7).ms).toBe(RECONNECT.firstMs);
  });

  it("leaves a stream that dropped mid-way to the browser, which reopens it by itself", () => {
    const h = harness();
    h.source(0).emit("open");
    h.source(0).drop();
    expect(h.waits).toHaveLength(0);
    expect(h.sources).toHaveLength(1);
  });

  it("stops for good when the screen goes: the stream closed, no reopening pending", () => {
    const h = harness();
    h.source(0).refuse();
    h.stop();
    expect(h.wait(0).cleared).toBe(true);
    h.wait(0).run();
    expect(h.sources).toHaveLength(1);
  });

  it("spreads the waits so pages refused together do not come back together", () => {
    expect(reconnectDelay(0, 0)).toBe(2_000);
    expect(reconnectDelay(0, 1)).toBe(1_400);
    expect(reconnectDelay(10, 0.5)).toBe(51_000);
  });
});
