import type { ReactNode } from "react";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { htmlBody } from "~/platform/html-stream.server";

/**
 * Renders a tree to the HTML a browser would receive, as entry.server.tsx does: React's
 * streaming renderer into the page's body (`htmlBody`). Resolves once the whole page is written.
 */
export function renderHtml(node: ReactNode, options: RenderToPipeableStreamOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const { destination, body } = htmlBody();
    const { pipe } = renderToPipeableStream(node, {
      ...options,
      onShellReady() {
        pipe(destination);
        new Response(body).text().then(resolve, reject);
        options.onShellReady?.();
      },
      onShellError: reject,
    });
  });
}
