/**
 * The page a post came from, drawn again for this request: what a member without JavaScript
 * sees when a post to a resource address (its form lives on another page: the companion's
 * chat, a treasure claim) is refused by a cap (decision 1143). A redirect would lose the 429
 * and its Retry-After; the resource has no page of its own to draw. So the page named by the
 * post (`back`) is rendered here, through React Router as a GET of that page would be, with
 * the refusal as that page's form answer (its form shows the message and what was typed,
 * as if the post had been made to it) and as a toast, and sent with the refusal's status.
 *
 * The Node shell (server/app.ts) gives each request the renderer; where there is none (a
 * loader or action called by a test without the shell), the page's form answer is sent as
 * it is, with the same status.
 */
import { createContext, data, RouterContextProvider } from "react-router";
import type { FormAnswer } from "./form-answer";
import { requestInfoContext } from "./request-context";
import { toastWithAnswer } from "./toast.server";

export type PageRenderer = (request: Request, context: RouterContextProvider) => Promise<Response>;

/** How this request can have a page of this site drawn (set by the Node shell). */
export const pageRendererContext = createContext<PageRenderer | null>(null);

/** The form answer a page drawn again shows (the root loader passes it on: `answerAgain`). */
export const answerAgainContext = createContext<FormAnswer | null>(null);

/** The answer given to the page drawn for this request, if it is one. */
export function answerAgain(context: Readonly<RouterContextProvider>): FormAnswer | null {
  return context.get(answerAgainContext);
}

/** Headers of the post that the page's own GET must not carry. */
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "transfer-encoding"];

export async function pageAgain(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  path: string,
  answer: FormAnswer,
  init: { status: number; headers: HeadersInit | undefined },
): Promise<Response | ReturnType<typeof data<FormAnswer>>> {
  const render = args.context.get(pageRendererContext);
  if (!render) return data(answer, init);
  const headers = new Headers(args.request.headers);
  for (const name of BODY_HEADERS) headers.delete(name);
  headers.set("Accept", "text/html");
  const page = new Request(new URL(path, args.request.url), { method: "GET", headers, signal: args.request.signal });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, args.context.get(requestInfoContext));
  context.set(answerAgainContext, answer);
  const message = Object.values(answer.errors)[0];
  if (message) toastWithAnswer(context, false, "error", message);
  const drawn = await render(page, context);
  const out = new Headers(drawn.headers);
  for (const [name, value] of new Headers(init.headers)) if (name !== "set-cookie") out.set(name, value);
  for (const cookie of new Headers(init.headers).getSetCookie()) out.append("Set-Cookie", cookie);
  out.set("Cache-Control", "no-store");
  // The page could not be drawn for this member (it sends them elsewhere): its form answer.
  if (drawn.status !== 200 || !(drawn.headers.get("Content-Type") ?? "").includes("text/html")) {
    await drawn.body?.cancel();
    return data(answer, init);
  }
  return new Response(drawn.body, { status: init.status, headers: out });
}
