import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
// React's string-writing build of its streaming renderer: the same renderer as the Node
// build, but it hands each piece of HTML over as a string instead of copying it into a
// byte buffer; htmlBody() encodes a turn's pieces at once (decision 0025).
import { renderToPipeableStream } from "react-dom/server.bun";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cardRenderer } from "~/features/feed/card-html.server";
import { CardHtmlContext } from "~/features/feed/post-card";
import { htmlBody } from "~/platform/html-stream.server";
import { getInstance } from "~/platform/i18n.server";
import { requestInfoContext } from "~/platform/request-context";
import { currentTiming, recordRender } from "~/platform/server-timing.server";
import { NonceProvider } from "~/ui/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A page carries its reader's language and theme, and a member's own data: the browser
  // may keep it, a shared cache may not, and each visit asks again. Routes may say otherwise.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  // HEAD requests need no body.
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  const i18n = getInstance(loadContext);
  // The render's share of Server-Timing: from here to the shell being ready to send. Taken
  // now: React calls back from its own scheduling.
  const timing = currentTiming();
  const renderStarted = performance.now();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode builds wait for everything; browsers get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          {/* Feed cards from the shared memory of rendered cards (0026); not in development,
              where translations and components change under it. */}
          <CardHtmlContext.Provider value={import.meta.env.DEV ? null : cardRenderer(i18n)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </CardHtmlContext.Provider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          recordRender(performance.now() - renderStarted, timing);
          const { destination, body } = htmlBody(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          // React needs only write/end/destroy/on of a writable (see htmlBody).
          pipe(destination as unknown as NodeJS.WritableStream);
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
