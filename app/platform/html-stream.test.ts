import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { htmlBody } from "./html-stream.server";

const text = new TextDecoder();
const bytes = (value: string) => new TextEncoder().encode(value);

/** Reads the body as the server would, recording each chunk as it arrives. */
function reader(body: ReadableStream<Uint8Array>) {
  const chunks: string[] = [];
  const stream = body.getReader();
  const done = (async () => {
    for (;;) {
      const { done, value } = await stream.read();
      if (done) return;
      chunks.push(text.decode(value));
    }
  })();
  return { chunks, done };
}

describe("the page's HTML body", () => {
  it("hands on the first piece of a turn at once and the pieces written after it as one chunk, in order", async () => {
    const { destination, body } = htmlBody();
    const { chunks } = reader(body);
    for (const piece of ["<html>", "<body>", "<p>", "发光 ✨", "</p>"]) destination.write(bytes(piece));
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<html>", "<body><p>发光 ✨</p>"]);
  });

  it("does not hold back a part rendered later: it leaves in its own turn", async () => {
    const { destination, body } = htmlBody();
    const { chunks } = reader(body);
    destination.write(bytes("<main>"));
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<main>"]);
    destination.write(bytes("<script>late</script>"));
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<main>", "<script>late</script>"]);
  });

  it("sends the rest and reports the end once when the page is finished", async () => {
    let ended = 0;
    const { destination, body } = htmlBody(() => ended++);
    const { chunks, done } = reader(body);
    destination.write(bytes("a"));
    destination.write(bytes("b"));
    destination.end();
    await done;
    await nextTurn();
    expect(chunks.join("")).toBe("ab");
    expect(ended).toBe(1);
  });

  it("asks the renderer to wait while nobody reads, and to go on once the reader catches up", async () => {
    const { destination, body } = htmlBody(() => {}, 8);
    let drains = 0;
    destination.on("drain", () => drains++);
    expect(destination.write(bytes("12345"))).toBe(true);
    await nextTurn();
    await nextTurn();
    expect(destination.write(bytes("67890"))).toBe(true);
    await nextTurn();
    await nextTurn();
    // Ten bytes wait unread, past the body's eight: the write's callback is held, so the
    // next write waits in the writable.
    expect(destination.write(bytes("abcdefghi"))).toBe(false);
    await nextTurn();
    expect(drains).toBe(0);
    const stream = body.getReader();
    expect(text.decode((await stream.read()).value)).toBe("12345");
    expect(text.decode((await stream.read()).value)).toBe("67890");
    // The waiting write is handed on; it is itself more than the body holds, so it is not
    // yet done either.
    expect(text.decode((await stream.read()).value)).toBe("abcdefghi");
    await nextTurn();
    await nextTurn();
    expect(drains).toBe(1);
  });

  it("tells the renderer to stop when the browser goes away", async () => {
    let ended = 0;
    const { destination, body } = htmlBody(() => ended++);
    let closed = 0;
    destination.on("close", () => closed++);
    destination.write(bytes("<html>"));
    await body.cancel();
    await nextTurn();
    expect(destination.destroyed).toBe(true);
    expect(closed).toBe(1);
    expect(ended).toBe(1);
    // React may still end or destroy it; neither throws nor reports a second end.
    destination.end();
    destination.destroy(new Error("aborted"));
    await nextTurn();
    expect(ended).toBe(1);
  });

  it("fails the body when rendering fails", async () => {
    const { destination, body } = htmlBody();
    destination.on("error", () => {});
    const stream = body.getReader();
    destination.destroy(new Error("render failed"));
    await expect(stream.read()).rejects.toThrow("render failed");
  });
});
