import type { ReactNode } from "react";
import type { RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import { htmlBody } from "~/platform/html-stream.server";

/**
 * Renders a tree to the HTML a browser would receive, through the same body the server
 * renders pages into (`htmlBody`), with the given React renderer (its Node build or the
 * string-writing build entry.server.tsx uses). Resolves once the whole page is written.
 */
export function renderHtml(
  renderer: typeof renderToPipeableStream,
  node: ReactNode,
  options: RenderToPipeableStreamOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const { destination, body } = htmlBody();
    const { pipe } = renderer(node, {
      ...options,
      onShellReady() {
        pipe(destination as unknown as NodeJS.WritableStream);
        new Response(body).text().then(resolve, reject);
        options.onShellReady?.();
      },
      onShellError: reject,
    });
  });
}
