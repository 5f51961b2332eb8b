import { createContext, type MiddlewareFunction, type RouterContextProvider, type SessionStorage } from "react-router";
import { setToast, toastMiddleware as createToastMiddleware } from "remix-toast/middleware";
import { toastStorage } from "./cookies.server";

const lazyToastStorage: SessionStorage = {
  getSession: (...args) => toastStorage().getSession(...args),
  commitSession: (...args) => toastStorage().commitSession(...args),
  destroySession: (...args) => toastStorage().destroySession(...args),
};

/** remix-toast in middleware mode, with our own signed cookie (never its default secret). */
export const toastMiddleware = createToastMiddleware({
  customSession: lazyToastStorage,
}) as MiddlewareFunction<Response>;

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
