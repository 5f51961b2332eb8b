import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { noteDatabaseAway } from "~/platform/database-away.server";
import appCss from "./app.css?url";
import { builtStylesheet, criticalCssAmendment } from "~/platform/critical-css.server";
import { htmlBody, type HtmlAmendment } from "~/platform/html-stream.server";
import { lowPriorityScripts } from "~/platform/script-priority.server";
import { getInstance, serverTranslations } from "~/platform/i18n.server";
import { requestInfoContext } from "~/platform/request-context";
import { scriptAnswer } from "~/platform/script-answers.server";
import { TranslationsProvider } from "~/platform/translations";
import { currentTiming, recordRender } from "~/platform/server-timing.server";
import { NonceProvider } from "~/ui/nonce";
// Wired once by server/app.ts; imported here too so development's reload of a changed
// listener wires the new one (listen() replaces by name).
import "./listeners.server";

export const streamTimeout = 5_000;

/** The header that says whose page it is (public/sw.js reads it). */
const MEMBER_HEADER = "Glow-Member";

/**
 * Every error React Router caught. The database being away is one line (and a 503, see
 * platform/database-away.server.ts), not a stack per request; a refusal of React Router's
 * own (a method a route does not take: 405, an address no route has) is the caller's
 * mistake, answered and not logged; anything else is a bug and is printed whole. A request
 * the client gave up on is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (noteDatabaseAway(error, request, context as RouterContextProvider | undefined)) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error);
};

/** The built stylesheet, read once: its file never changes while the server runs (null in development). */
const stylesheet = builtStylesheet(appCss);

/** The critical CSS amendment around `then`, when the built stylesheet is there. */
function withStylesheet(then: HtmlAmendment): HtmlAmendment {
  return stylesheet ? criticalCssAmendment(stylesheet, appCss, then) : then;
}

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
  // Whose page this is, for the service worker: it keeps a member's pages for that member
  // only (decision 1181). The opaque key of the root loader, never the phone or the id.
  const root = routerContext.staticHandlerContext.loaderData.root as { keptPostsKey?: string | null; locale?: string } | undefined;
  if (root?.keptPostsKey) responseHeaders.set(MEMBER_HEADER, root.keptPostsKey);
  if (root?.locale) responseHeaders.set("Content-Language", root.locale);
  // HEAD requests need no body.
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A script's post to a page (or its JSON read that failed) gets the envelope, not a page
  // drawn around an answer that was never the page's (platform/script-answers.server.ts).
  const forScript = scriptAnswer(request, responseStatusCode, responseHeaders, routerContext.staticHandlerContext, loadContext);
  if (forScript) return forScript;
  const { nonce } = loadContext.get(requestInfoContext);
  const translations = serverTranslations(getInstance(loadContext));
  // The render's share of Server-Timing: from here to the whole page being ready to send. Taken
  // now: React calls back from its own scheduling.
  const timing = currentTiming();
  const renderStarted = performance.now();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationsProvider translations={translations}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </TranslationsProvider>
      </NonceProvider>,
      {
        nonce,
        // Every part of the page is in the HTML as it is sent, for a member without JavaScript
        // as for a crawler: a page's parts whose code comes later (React's `lazy`, e.g. the
        // avatar creator) suspend on the server until their module is loaded, the first time,
        // and a Suspense boundary still pending when the shell went out would show its
        // fallback, the part itself waiting in a hidden <div> for a script.
        // No data of Glow's streams (loaders resolve before rendering), so waiting for all
        // costs only that first module load.
        onAllReady() {
          recordRender(performance.now() - renderStarted, timing);
          const { destination, body } = htmlBody(
            () => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            undefined,
            // The rules the page uses in its head, the stylesheet after it (decision 1262);
            // the page first, its scripts after (decision 1030).
            withStylesheet(lowPriorityScripts()),
          );
          pipe(destination);
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        },
        // React also sends a finished boundary larger than this apart from the shell, with a
        // script to put it in place; without JavaScript it would stay hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError(error: unknown) {
          reject(error);
        },
        onShellReady() {
          shellRendered = true;
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error in the shell reaches handleError through the rejection; one in a part
          // rendered after it (a lazy part) only here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
