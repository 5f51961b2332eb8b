import { RouterContextProvider } from "react-router";
import { i18nextMiddleware } from "~/platform/i18n.server";
import { requestInfoContext, type RequestInfo } from "~/platform/request-context";
import { toastMiddleware } from "~/platform/toast.server";

/** Any route loader or action; its typed args are built below as React Router would. */
type RouteFunction<T> = (args: never) => Promise<T> | T;

export interface RouteCall<T> {
  /** What the loader or action returned (undefined when it threw). */
  result: T | undefined;
  /** What it threw: a Response, a data() result, or an Error. */
  thrown: unknown;
  /** The response after the root middleware ran (toast cookies and the like). */
  response: Response;
  context: RouterContextProvider;
}

/**
 * Calls a route loader or action with a real Request, through the root middleware
 * (language detection and toasts), as React Router would.
 */
export async function callRoute<T>(
  fn: RouteFunction<T>,
  request: Request,
  options: { params?: Record<string, string | undefined>; info?: Partial<RequestInfo> } = {},
): Promise<RouteCall<T>> {
  const params = options.params ?? {};
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: "", clientIp: "203.0.113.7", secure: false, ...options.info });
  let result: T | undefined;
  let thrown: unknown;
  const chain = [i18nextMiddleware, toastMiddleware];
  const run = async (index: number): Promise<Response> => {
    const middleware = chain[index];
    if (middleware) {
      const out = await middleware(
        { request, params, context, unstable_pattern: "" } as never,
        () => run(index + 1),
      );
      return out instanceof Response ? out : new Response(null);
    }
    try {
      const args = { request, params, context, url: new URL(request.url), pattern: "" };
      result = await fn(args as never);
    } catch (error) {
      thrown = error;
    }
    if (result instanceof Response) return result;
    if (thrown instanceof Response) return thrown;
    return new Response(null, { status: 200 });
  };
  const response = await run(0);
  return { result, thrown, response, context };
}

export const BASE_URL = "http://localhost:3000";

export function formRequest(path: string, fields: Record<string, string>, init: RequestInit = {}) {
  return new Request(new URL(path, BASE_URL), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...init.headers },
    ...init,
  });
}
