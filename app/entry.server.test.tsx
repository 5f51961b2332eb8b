import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderHtml } from "../tests/support/render";

// entry.server.tsx renders into htmlBody(), which hands React's pieces on in fewer, larger
// chunks (decision 0019): the page must be exactly what React writes into a plain stream.

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
        {Array.from({ length: 300 }, (_, n) => (
          <article key={n} className="post-card">
            <h3>
              Ada &lt;{n}&gt; «发光» ✨ {n} glows
            </h3>
          </article>
        ))}
        <Suspense fallback={<p>Loading…</p>}>
          <Later data={data} />
        </Suspense>
      </body>
    </html>
  );
}

function later() {
  let resolveData!: (value: string) => void;
  const data = new Promise<string>((resolve) => (resolveData = resolve));
  return { data, arrive: () => setTimeout(() => resolveData("Arrived later"), 5) };
}

function plainRender(): Promise<string> {
  const { data, arrive } = later();
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<Page data={data} />, {
      nonce: "abc",
      onShellReady() {
        const out = new PassThrough();
        pipe(out);
        text(out).then(resolve, reject);
        arrive();
      },
      onShellError: reject,
    });
  });
}

describe("the page's body", () => {
  it("carries exactly the HTML React writes, streamed parts and multi-byte text included", async () => {
    const { data, arrive } = later();
    const [ours, plain] = await Promise.all([
      renderHtml(<Page data={data} />, { nonce: "abc", onShellReady: arrive }),
      plainRender(),
    ]);
    expect(ours).toContain("Arrived later");
    expect(ours).toContain("«发光» ✨ <!-- -->299<!-- --> glows");
    expect(ours).toBe(plain);
  });
});
