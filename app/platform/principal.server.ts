/**
 * Who is acting, resolved once per request. The root middleware opens a holder in the
 * request's context; the first loader or action that asks (a member's session, later a
 * staff session) looks it up, every later one shares the answer, and an action that
 * changes it (sign-in, sign-out, a saved profile) says so with `principalChanged`, so the
 * loaders that run after it in the same request look again.
 *
 * The lookups themselves belong to the features (features/auth/principal.server.ts); this
 * module only keeps them, so the responder can forget them after a done action.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

interface Holder {
  request: Request;
  found: Map<string, Promise<unknown>>;
}

const holderKey = createContext<Holder | null>(null);

export const principalMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(holderKey, { request, found: new Map() });
  return next();
};

function holder(context: Readonly<RouterContextProvider>): Holder {
  const found = context.get(holderKey);
  // Never a silent second lookup: a loader called without the root middleware is a bug.
  if (!found) throw new Error("principalMiddleware did not run for this request (app/root.tsx middleware)");
  return found;
}

/** The request the principal was resolved for. */
export function principalRequest(context: Readonly<RouterContextProvider>): Request {
  return holder(context).request;
}

/** `lookUp` once per request and kind (`"member"`, `"staff"`), shared by every caller. */
export function lookUpOnce<T>(context: Readonly<RouterContextProvider>, kind: string, lookUp: (request: Request) => Promise<T>): Promise<T> {
  const { request, found } = holder(context);
  let answer = found.get(kind) as Promise<T> | undefined;
  if (!answer) {
    answer = lookUp(request);
    found.set(kind, answer);
  }
  return answer;
}

/** Who acts changed during this request: the next question looks it up again. */
export function principalChanged(context: Readonly<RouterContextProvider>) {
  context.get(holderKey)?.found.clear();
}
