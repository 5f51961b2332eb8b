import type { MiddlewareFunction, RouterContextProvider, SessionStorage } from "react-router";
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
