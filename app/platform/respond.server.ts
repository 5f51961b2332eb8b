/**
 * The one responder: it turns what a command answered into what the caller gets.
 *
 * - A page's form post (a browser's document post, or React Router's `.data` post):
 *   done → a redirect with a toast; refused or invalid → the page again with the field's
 *   message and what was typed (`FormAnswer`), with the refusal's status and Retry-After.
 *   A post to a resource address (its form lives on another page) goes `back` there with
 *   the message as an error toast instead.
 * - A JSON caller (it asks for `application/json`, or posts JSON): the envelope
 *   `{ success: true, result }` or `{ success: false, type, message, errors? }`, where
 *   `type` is the spec's error catalogue type for the status.
 * - A script that asks for nothing in particular is redirected when done (following it
 *   reaches a page) and gets the status and the envelope when refused.
 *
 * Every refusal has a status and a translated message; nothing here answers 500.
 */
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import type { FieldProblems, FormValues, ParsedForm } from "./forms.server";
import { errorTypeForStatus, type ErrorType, type ForbiddenPage, type RefusalEnvelope } from "./errors";
import { getInstance } from "./i18n.server";
import type { Outcome } from "./outcome";
import { pageAgain } from "./page-again.server";
import { principalChanged } from "./principal.server";
import { cameFrom, safeRedirectPath } from "./redirect-to";
import type { FormAnswer } from "./form-answer";
import { waitInWords } from "./wait-words";
import { flashToast, toastWithAnswer } from "./toast.server";

export type { FormAnswer };

export interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 503;

/** How one named refusal is answered. */
export interface RefusalAnswer {
  status: RefusalStatus;
  /** The translation key of the message; the refusal's details (and `wait`) fill it in. */
  message: string;
  /** The form field the message belongs to; the whole form when absent. */
  field?: string;
  /** Fields not to show again (a wrong code is cleared, not echoed). */
  clear?: string[];
  /**
   * A toast to show with the form again (a translation key, filled in like the message):
   * for a refusal whose remedy is elsewhere on the page (the cookie banner).
   */
  toast?: string;
}

/** The JSON envelope (the spec's callers read `success`, then `result` or the error). */
export type Envelope<T> = { success: true; result: T; message?: string } | RefusalEnvelope;

export interface DoneAnswer<T> {
  /** Where a page post goes next (a path on this site). */
  redirectTo?: string;
  /** The success toast, in the reader's language (the `t` given to `done`). */
  toast?: string;
  /** What a JSON caller gets as `result`. */
  result?: T;
  /** Headers for the answer (a preference's cookie). */
  headers?: HeadersInit;
  /**
   * A page's in-place form (a fetcher) stays where it is: it gets the envelope as data
   * instead of a redirect, and React Router reloads the page's data.
   */
  stay?: boolean;
}

export interface RespondOptions<V, R extends string, T> {
  /** What was typed, shown again when refused. */
  values?: FormValues;
  done: (value: V, t: Translate) => DoneAnswer<T>;
  refusals: Record<R, RefusalAnswer>;
  /**
   * For a post to an address whose form lives on another page: page posts go back there
   * (a safe path of this site) with a toast, done or refused.
   */
  back?: string;
  /** Headers for the answer whatever the outcome (a cookie the post gave: the consent to cookies). */
  headers?: HeadersInit;
  /**
   * Whether the page runs JavaScript (its form said so): a refusal's toast then travels in
   * the answer, shown by the page, instead of with the page this request renders.
   * React Router's own posts (`.data`) are taken as such without saying.
   */
  enhanced?: boolean;
}

/** Whether the caller asks for JSON: it says so, or posts JSON. */
export function wantsJson(request: Request): boolean {
  const accept = request.headers.get("Accept") ?? "";
  if (accept.includes("application/json")) return true;
  return (request.headers.get("Content-Type") ?? "").startsWith("application/json") && !accept.includes("text/html");
}

/**
 * Whether a post came from a page and is answered with one: a browser's form post (it
 * accepts text/html) or React Router's own enhanced post (a `.data` request). A fetch
 * asking for JSON, or a script that asks for nothing in particular, gets the envelope.
 */
export function answersWithPage(request: Request): boolean {
  if (wantsJson(request)) return false;
  return (request.headers.get("Accept") ?? "").includes("text/html") || new URL(request.url).pathname.endsWith(".data");
}

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The translator of this request (its language). */
function translate(context: Readonly<RouterContextProvider>): Translate {
  return getInstance(context).t as Translate;
}

/**
 * The Retry-After this request's refusal gave, for the root (one-envelope.server.ts) to put
 * on whatever answer leaves: a page's own `headers` export decides what a page's answer
 * carries, and a page that has none would drop it (a 429 must always say when to come back).
 */
export const retryAfterContext = createContext<string | null>(null);

function headersFor(status: number, retryAfter: number | undefined, more?: HeadersInit, context?: Readonly<RouterContextProvider>): HeadersInit | undefined {
  if (retryAfter === undefined && status !== 503 && status !== 429) return joinHeaders(undefined, more);
  const seconds = String(Math.max(1, Math.ceil(retryAfter ?? 30)));
  (context as RouterContextProvider | undefined)?.set(retryAfterContext, seconds);
  return joinHeaders({ "Retry-After": seconds }, more);
}

/** Headers of both, or undefined when neither has any (a Set-Cookie of each is kept). */
function joinHeaders(first: HeadersInit | undefined, second: HeadersInit | undefined): HeadersInit | undefined {
  if (!first || !second) return first ?? second;
  const joined = new Headers(first);
  const more = new Headers(second);
  for (const [name, value] of more) if (name !== "set-cookie") joined.set(name, value);
  for (const cookie of more.getSetCookie()) joined.append("Set-Cookie", cookie);
  return joined;
}

/**
 * A JSON refusal in the envelope. Its type is the catalogue's for the status, unless the
 * caller knows better (a session id that was given but is over: 401 EXPIRED_SESSION).
 */
export function jsonRefusal(
  status: number,
  message: string,
  options: { retryAfter?: number; errors?: Record<string, string>; type?: ErrorType; headers?: HeadersInit } = {},
) {
  const body: Envelope<never> = {
    success: false,
    type: options.type ?? errorTypeForStatus(status),
    message,
    ...(options.errors ? { errors: options.errors } : {}),
  };
  return data(body, { status, headers: headersFor(status, options.retryAfter, options.headers) });
}

/**
 * A GET (or HEAD) of an address that only takes posts. A person's browser (a typed or
 * bookmarked address) is sent to the page whose forms post there; anything else gets 405
 * with `Allow: POST` and the catalogue's BAD_REQUEST entry.
 */
export function onlyPosts({ request, context }: ActionArgs, page: string): never {
  if ((request.headers.get("Accept") ?? "").includes("text/html")) throw redirect(page);
  const refusal = jsonRefusal(405, translate(context)("errors:types.BAD_REQUEST.message"));
  throw data(refusal.data, { status: 405, headers: { Allow: "POST" } });
}

/**
 * Refuses a signed-in member (or staff member) what is not theirs: 403. A JSON caller gets
 * the envelope; a page, the root's "You can't do this here" screen with the way back, which
 * never signs anyone out (decision 1141).
 */
export function forbidden(request: Request, context: Readonly<RouterContextProvider>, options: { message?: string; home?: string } = {}): never {
  // Not the catalogue's FORBIDDEN text ("Your session has expired…"): the member is still
  // signed in, and a script is told what the page tells a person (decision 1347).
  if (wantsJson(request)) throw jsonRefusal(403, options.message ?? translate(context)("forbidden.message"));
  const page: ForbiddenPage = {
    back: cameFrom(request),
    home: options.home ?? "/home",
    message: options.message ?? null,
    title: translate(context)("forbidden.title"),
  };
  throw data(page, { status: 403 });
}

/** Answers a command's outcome. */
export function respond<V, R extends string, T = V>(args: ActionArgs, outcome: Outcome<V, R>, options: RespondOptions<V, R, T>) {
  const { request, context } = args;
  const t = translate(context);

  if (outcome.ok) {
    // Whatever the action changed, the loaders that run after it in this request see it.
    principalChanged(context);
    const answer = options.done(outcome.value, t);
    const toast = answer.toast;
    // Done: a redirect for anyone who did not ask for JSON (a script that follows it gets a page).
    const headers = joinHeaders(options.headers, answer.headers);
    if (wantsJson(request) || answer.stay) {
      const result = ("result" in answer ? answer.result : outcome.value) as T;
      return data<Envelope<T>>({ success: true, result, ...(toast ? { message: toast } : {}) }, { headers });
    }
    if (toast) flashToast(context, "success", toast);
    return redirect(safePath(request, answer.redirectTo ?? options.back ?? pagePath(request)), { status: 303, headers });
  }

  const how = options.refusals[outcome.refusal];
  const params = {
    ...outcome.details,
    ...(outcome.retryAfter !== undefined ? { wait: waitInWords(outcome.retryAfter, translate(context)), seconds: outcome.retryAfter } : {}),
  };
  const message = t(how.message, params);
  const retryAfter = outcome.retryAfter;
  // Refused: the page again only for a page; a script that asked for nothing gets the status and the envelope.
  if (!answersWithPage(request)) {
    headersFor(how.status, retryAfter, undefined, context);
    return jsonRefusal(how.status, message, { retryAfter, errors: how.field ? { [how.field]: message } : undefined, headers: options.headers });
  }
  const values = { ...options.values };
  for (const field of how.clear ?? []) delete values[field];
  if (options.back !== undefined) {
    // A cap: the page it came from again, with the 429 and its Retry-After (page-again.server.ts).
    if (how.status === 429) {
      const again: FormAnswer = { values, errors: { [how.field ?? "form"]: message }, refusal: outcome.refusal };
      return pageAgain(args, safePath(request, options.back), again, { status: how.status, headers: headersFor(how.status, retryAfter, options.headers, context) });
    }
    flashToast(context, "error", message);
    return redirect(safePath(request, options.back), 303);
  }
  const enhanced = options.enhanced ?? new URL(request.url).pathname.endsWith(".data");
  const toast = how.toast ? toastWithAnswer(context, enhanced, "error", t(how.toast, params)) : undefined;
  return data<FormAnswer>(
    {
      values,
      errors: { [how.field ?? "form"]: message },
      refusal: outcome.refusal,
      ...(outcome.until !== undefined ? { countdown: { at: outcome.until, now: Date.now() } } : {}),
      ...(toast ? { toast } : {}),
    },
    { status: how.status, headers: headersFor(how.status, retryAfter, options.headers, context) },
  );
}

/**
 * Where a post to a resource address goes back to: the page of this site it names in its
 * `redirectTo` field (RedirectField), or `fallback`.
 */
export function backTo(request: Request, values: FormValues, fallback: string): string {
  return safeRedirectPath(values.redirectTo, new URL(request.url).origin, fallback);
}

/**
 * An answer with cookies added (a sign-in's session cookie, the API's CSRF cookie): a
 * redirect or Response gets them as headers, a `data()` answer in its init.
 */
export function withSetCookies<A>(answer: A, cookies: readonly string[]): A {
  if (cookies.length === 0) return answer;
  if (answer instanceof Response) {
    for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
    return answer;
  }
  const withInit = answer as unknown as { init: ResponseInit | null };
  if (withInit && typeof withInit === "object" && "init" in withInit) {
    const headers = new Headers(withInit.init?.headers);
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    withInit.init = { ...withInit.init, headers };
  }
  return answer;
}

/** Answers a form that did not parse: 400 with each field's message and what was typed. */
export function invalid(
  args: ActionArgs,
  form: Extract<ParsedForm<unknown>, { ok: false }>,
  options: { back?: string; headers?: HeadersInit } = {},
) {
  const { request, context } = args;
  const errors = translateProblems(context, form.problems);
  const first = Object.values(errors)[0] ?? translate(context)("errors:types.BAD_REQUEST.message");
  if (!answersWithPage(request)) return jsonRefusal(400, first, { errors, headers: options.headers });
  if (options.back !== undefined) {
    flashToast(context, "error", first);
    return redirect(safePath(request, options.back), { status: 303, headers: options.headers });
  }
  return data<FormAnswer>({ values: form.values, errors }, { status: 400, headers: options.headers });
}

export function translateProblems(context: Readonly<RouterContextProvider>, problems: FieldProblems): Record<string, string> {
  const t = translate(context);
  const errors: Record<string, string> = {};
  for (const [field, problem] of Object.entries(problems)) errors[field] = t(problem.key, problem.params);
  return errors;
}

/** The page a request belongs to: a `.data` request's page, without React Router's own parameters. */
function pagePath(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const query = url.searchParams.toString();
  return query ? `${path}?${query}` : path;
}

function safePath(request: Request, path: string): string {
  return safeRedirectPath(path, new URL(request.url).origin, "/");
}
