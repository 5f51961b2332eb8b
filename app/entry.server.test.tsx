import { Suspense, use, useId } from "react";
import { renderToPipeableStream as nodeRenderer } from "react-dom/server";
import { renderToPipeableStream as stringRenderer } from "react-dom/server.bun";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../tests/support/render";

// entry.server.tsx renders with React's string-writing server build (decision 0025). It is
// the same renderer as React's Node build with another output: this pins that both write
// the same HTML, so hydration in the browser sees what it always saw.

function Card({ name, glows }: { name: string; glows: number }) {
  const id = useId();
  return (
    <article aria-labelledby={id} className="post-card">
      <h3 id={id}>
        {name} & «friends» {glows} glows
      </h3>
      <button type="submit" value={`${glows}:on`} aria-pressed={false} disabled={glows > 2}>
        ✨ Glow<span>({glows})</span>
      </button>
    </article>
  );
}

function Later({ data }: { data: Promise<string> }) {
  return <p>{use(data)}</p>;
}

function Page({ data }: { data: Promise<string> }) {
  return (
    <html lang="en">
      <head>
        <title>Glow</title>
      </head>
      <body>
        {[1, 2, 3].map((n) => (
          <Card key={n} name={`Ada <${n}>`} glows={n} />
        ))}
        <Suspense fallback={<p>Loading…</p>}>
          <Later data={data} />
        </Suspense>
        <div dangerouslySetInnerHTML={{ __html: "<option>发光</option>" }} />
      </body>
    </html>
  );
}

function render(renderer: typeof nodeRenderer) {
  let resolveData!: (value: string) => void;
  const data = new Promise<string>((resolve) => (resolveData = resolve));
  return renderHtml(renderer, <Page data={data} />, {
    nonce: "abc",
    onShellReady: () => setTimeout(() => resolveData("Arrived later"), 5),
  });
}

describe("the page renderer", () => {
  it("writes the same HTML as React's Node renderer, streamed parts included", async () => {
    const [fromNode, fromStrings] = await Promise.all([render(nodeRenderer), render(stringRenderer)]);
    expect(fromStrings).toContain("Arrived later");
    expect(fromStrings).toContain("Ada &lt;2&gt;<!-- --> &amp; «friends» <!-- -->2<!-- --> glows");
    expect(fromStrings).toBe(fromNode);
  });
});
