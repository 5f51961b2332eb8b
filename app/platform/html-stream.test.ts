import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { coalescingStream } from "./html-stream.server";

function collect(stream: NodeJS.ReadableStream) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("the page's HTML stream", () => {
  it("sends what is written in one go as one chunk, in order", async () => {
    const stream = coalescingStream();
    const chunks = collect(stream);
    stream.write("<html>");
    stream.write("<body>");
    stream.write("<p>hello</p>");
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<html><body><p>hello</p>"]);
  });

  it("does not hold back a part rendered later: it leaves in its own turn", async () => {
    const stream = coalescingStream();
    const chunks = collect(stream);
    stream.write("<main>");
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<main>"]);
    stream.write("<script>late</script>");
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<main>", "<script>late</script>"]);
  });

  it("sends the rest and reports the end when the page is finished", async () => {
    let ended = 0;
    const stream = coalescingStream(() => ended++);
    const chunks = collect(stream);
    const finished = new Promise((resolve) => stream.on("end", resolve));
    stream.write("a");
    stream.end("b");
    await finished;
    expect(chunks.join("")).toBe("ab");
    expect(ended).toBe(1);
  });
});
