import { RouterContextProvider } from "react-router";
import { rootMiddleware } from "~/middleware.server";
import { requestInfoContext, type RequestInfo } from "~/platform/request-context";
import { toastStorage } from "~/platform/cookies.server";

type Params = Record<string, string | undefined>;

type RouteFunction<T, P extends Params = Params> = (args: {
  request: Request;
  url: URL;
  /** The matched route's path pattern, e.g. "/newsfeed/:id". */
  pattern: string;
  params: P;
  context: RouterContextProvider;
}) => Promise<T> | T;

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
 * Calls a route loader or action with a real Request, through the root route's middleware
 * (app/middleware.server.ts: the same chain, in the same order, as in production), as React
 * Router would.
 */
export async function callRoute<T, P extends Params = Params>(
  fn: RouteFunction<T, P>,
  request: Request,
  options: {
    params?: P;
    /** The route's pattern; defaults to the request's path. */
    pattern?: string;
    info?: Partial<RequestInfo>;
  } = {},
): Promise<RouteCall<T>> {
  const params = (options.params ?? {}) as P;
  const url = new URL(request.url);
  const pattern = options.pattern ?? url.pathname;
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: "", clientIp: "203.0.113.7", secure: false, ...options.info });
  let result: T | undefined;
  let thrown: unknown;
  const chain = rootMiddleware;
  const run = async (index: number): Promise<Response> => {
    const middleware = chain[index];
    if (middleware) {
      const out = await middleware(
        { request, url, pattern, params, context, unstable_pattern: pattern } as never,
        () => run(index + 1),
      );
      return out instanceof Response ? out : new Response(null);
    }
    try {
      result = await fn({ request, url, pattern, params, context });
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

/** What a resource route answered, read loosely: its status, its redirect and its data. */
export function outcome(call: { result: unknown; thrown: unknown }) {
  const value = (call.result ?? call.thrown) as { data?: unknown; init?: { status?: number } | null } | Response | Error;
  if (value instanceof Error) throw value;
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location"), data: null };
  return { status: value.init?.status ?? 200, location: null, data: value.data as Record<string, unknown> | null };
}

/** The toast a response flashes for the next page, if any. */
export async function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("toast="));
  if (!cookie) return null;
  const session = await toastStorage().getSession(cookie.split(";")[0]);
  return (session.get("flash") as { toast?: { type: string; message: string } } | undefined)?.toast ?? null;
}
