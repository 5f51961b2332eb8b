import { createContext, type MiddlewareFunction, type RouterContextProvider, type SessionStorage } from "react-router";
import { setToast, toastMiddleware as createToastMiddleware } from "remix-toast/middleware";
import { TOAST_COOKIE, toastStorage } from "./cookies.server";

const lazyToastStorage: SessionStorage = {
  getSession: (...args) => toastStorage().getSession(...args),
  commitSession: (...args) => toastStorage().commitSession(...args),
  destroySession: (...args) => toastStorage().destroySession(...args),
};

/** remix-toast in middleware mode, with our own signed cookie (never its default secret). */
const remixToastMiddleware = createToastMiddleware({
  customSession: lazyToastStorage,
}) as MiddlewareFunction<Response>;

/**
 * remix-toast reads the waiting toast on every request, and reading a flash ends it. An
 * image, a script or a fetch to a resource route shows no page, so the toast it read was
 * lost: after "Save avatar" the creator's preview image could be asked for between the
 * save's redirect and the page's reload, and "Your avatar is saved." never showed.
 *
 * So only a request for a page (a document, or React Router's data for one) reads it. The
 * others still send a toast they set themselves (a resource route's action); they just do
 * not see the cookie's. Clients that do not say what they fetch (no `Sec-Fetch-Dest`) are
 * treated as before.
 */
export const toastMiddleware: MiddlewareFunction<Response> = (args, next) =>
  forAPage(args.request) ? remixToastMiddleware(args, next) : remixToastMiddleware({ ...args, request: withoutToast(args.request) }, next);

export function forAPage(request: Request): boolean {
  const destination = request.headers.get("Sec-Fetch-Dest");
  if (destination === null || destination === "document") return true;
  return destination === "empty" && /\.data(?:\?|$)/.test(request.url);
}

const toastPair = new RegExp(`(?:^|;\\s*)${TOAST_COOKIE}=[^;]*`, "g");

/** What remix-toast reads of a request (its Cookie header), without the waiting toast. */
function withoutToast(request: Request): Request {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${TOAST_COOKIE}=`)) return request;
  const rest = cookie.replace(toastPair, "").replace(/^;\s*/, "");
  return { headers: new Headers(rest ? { Cookie: rest } : {}) } as Request;
}

export type ToastKind = "success" | "error" | "info" | "warning";

/** Flash a toast for the next page the member sees. `message` is already translated. */
export function flashToast(
  context: Readonly<RouterContextProvider>,
  type: ToastKind,
  message: string,
  description?: string,
) {
  setToast(context, { type, message, ...(description ? { description } : {}) });
}

const toastForThisPage = createContext<ToastData | null>(null);

export interface ToastData {
  type: ToastKind;
  message: string;
  description?: string;
}

/**
 * A toast for an action that answers with data instead of redirecting. A plain (no
 * JavaScript) form post re-renders the page in this same request, so the toast is shown
 * now by the root loader. After an enhanced post answering 4xx React Router does not
 * re-fetch the loaders, so the toast is returned for the answer to carry to the page,
 * which hands it to the toaster (`showToast` in app/ui/toaster).
 */
export function toastWithAnswer(
  context: Readonly<RouterContextProvider>,
  enhanced: boolean,
  type: ToastKind,
  message: string,
): ToastData | undefined {
  if (enhanced) return { type, message };
  (context as RouterContextProvider).set(toastForThisPage, { type, message });
  return undefined;
}

/** The toast set by this request's own action (see toastWithAnswer), if any. */
export function toastOfThisRequest(context: Readonly<RouterContextProvider>): ToastData | null {
  return context.get(toastForThisPage);
}
