import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { htmlBody } from "./html-stream.server";

const text = new TextDecoder();

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
  it("sends what is written in one go as one chunk, in order", async () => {
    const { destination, body } = htmlBody();
    const { chunks } = reader(body);
    destination.write("<html>");
    destination.write(new TextEncoder().encode("<body>"));
    destination.write("<p>héllo</p>");
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<html><body><p>héllo</p>"]);
  });

  it("joins many small texts of one turn into one chunk, multi-byte characters whole", async () => {
    const { destination, body } = htmlBody();
    const { chunks } = reader(body);
    for (const piece of ["<p>", "", "发光", " ✨ ", "", "</p>"]) destination.write(piece);
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<p>发光 ✨ </p>"]);
  });

  it("does not hold back a part rendered later: it leaves in its own turn", async () => {
    const { destination, body } = htmlBody();
    const { chunks } = reader(body);
    destination.write("<main>");
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<main>"]);
    destination.write("<script>late</script>");
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<main>", "<script>late</script>"]);
  });

  it("sends the rest and reports the end once when the page is finished", async () => {
    let ended = 0;
    const { destination, body } = htmlBody(() => ended++);
    const { chunks, done } = reader(body);
    destination.write("a");
    destination.write("b");
    destination.end();
    await done;
    expect(chunks.join("")).toBe("ab");
    expect(ended).toBe(1);
    expect(destination.write("c")).toBe(false);
  });

  it("asks the renderer to wait while nobody reads, and to go on once the reader catches up", async () => {
    const { destination, body } = htmlBody(() => {}, 8);
    let drains = 0;
    destination.on("drain", () => drains++);
    expect(destination.write("12345")).toBe(true);
    await nextTurn();
    await nextTurn();
    // Five bytes wait unread; the next five fill the body past its eight.
    expect(destination.write("67890")).toBe(false);
    await nextTurn();
    await nextTurn();
    const stream = body.getReader();
    expect(text.decode((await stream.read()).value)).toBe("12345");
    expect(text.decode((await stream.read()).value)).toBe("67890");
    await nextTurn();
    expect(drains).toBe(1);
  });

  it("tells the renderer to stop when the browser goes away", async () => {
    let ended = 0;
    const { destination, body } = htmlBody(() => ended++);
    let closed = 0;
    destination.on("close", () => closed++);
    destination.write("<html>");
    await body.cancel();
    expect(closed).toBe(1);
    expect(ended).toBe(1);
    expect(destination.write("<body>")).toBe(false);
    // React may still end or destroy it; neither throws nor reports a second end.
    destination.end();
    destination.destroy(new Error("aborted"));
    expect(ended).toBe(1);
  });

  it("fails the body when rendering fails", async () => {
    const { destination, body } = htmlBody();
    const stream = body.getReader();
    destination.destroy(new Error("render failed"));
    await expect(stream.read()).rejects.toThrow("render failed");
  });
});
