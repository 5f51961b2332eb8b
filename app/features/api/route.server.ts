/**
 * How an /api route runs a call: the request's fields read once (a GET's query, a POST's JSON
 * or form body), the caller looked up (caller.server.ts), the fields parsed with the call's
 * schema, then the domain command and the one responder (respond/invalid), which always
 * answers in the JSON envelope here. Every answer brings the CSRF cookie a cookie caller
 * lacks (and leaves `Cache-Control: no-store`: the /api layout's middleware, routes/areas/api.ts).
 *
 * Something unforeseen never leaks a stack: the database being away is 503
 * RESOURCES_UNAVAILABLE with Retry-After; anything else is logged and 500 INTERNAL_SERVER_ERROR.
 */
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { connection } from "~/platform/db/db.server";
import { noteDatabaseFailure } from "~/platform/db/outage.server";
import { parseInput, readInput, unreadableForm, type ParsedForm } from "~/platform/forms.server";
import { getInstance } from "~/platform/i18n.server";
import { log } from "~/platform/log.server";
import { done } from "~/platform/outcome";
import { invalid, jsonRefusal, respond, withSetCookies, type ActionArgs, type RefusalAnswer } from "~/platform/respond.server";
import type { ApiCallSpec } from "./calls.server";
import type { CallState } from "./caller.server";

type Context = Readonly<RouterContextProvider>;

export interface ApiCall<S extends ApiCallSpec> {
  /** The request, as a JSON caller: the responder answers in the envelope. */
  args: ActionArgs;
  request: Request;
  context: Context;
  /** The fields as sent (for the caller's session id). */
  input: Record<string, unknown>;
  /** The fields parsed with the call's schema (parse it with `parse()`). */
  parse(): ParsedForm<z.output<S["input"]>>;
  state: CallState;
}

/** The same request, asking for JSON: the responder and the guards answer in the envelope. */
function asJsonCaller(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set("Accept", "application/json");
  return new Request(request.url, { method: "GET", headers });
}

async function fieldsOf(request: Request): Promise<Record<string, unknown> | null> {
  if (request.method === "GET" || request.method === "HEAD") {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of new URL(request.url).searchParams) if (!(name in fields)) fields[name] = value;
    return fields;
  }
  return readInput(request);
}

/** A thrown answer (a guard's refusal, a data() or Response): kept as the answer. */
function isAnswer(value: unknown): boolean {
  return value instanceof Response || (typeof value === "object" && value !== null && "init" in value && "data" in value && "type" in value);
}

async function unforeseen(context: Context, request: Request, spec: ApiCallSpec, error: unknown) {
  const t = getInstance(context).t;
  // The database being away (what the error says, or else a ping that fails too) is noted
  // once for the whole outage (platform/db/outage.server.ts), not logged per call.
  const seenAt = { method: request.method, path: new URL(request.url).pathname };
  const databaseAway =
    noteDatabaseFailure(error, seenAt) ||
    (await connection()
      .ping()
      .then(
        () => false,
        (pingError: unknown) => noteDatabaseFailure(pingError, seenAt) || true,
      ));
  if (databaseAway) {
    return jsonRefusal(503, t("errors:types.RESOURCES_UNAVAILABLE.message"), { retryAfter: 30 });
  }
  log.error("api call failed", { call: spec.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  return jsonRefusal(500, t("errors:types.INTERNAL_SERVER_ERROR.message"));
}

/** Runs one call: `handler` does who acts, command and respond with what it is given. */
export function apiHandler<S extends ApiCallSpec>(spec: S, handler: (call: ApiCall<S>) => Promise<unknown>) {
  return async ({ request, context }: { request: Request; context: Context }) => {
    const methods = [spec.method, ...(spec.alsoMethods ?? [])];
    const method = request.method === "HEAD" ? "GET" : request.method;
    const json = asJsonCaller(request);
    const args = { request: json, context };
    const state: CallState = { cookies: [] };
    let answer: unknown;
    try {
      if (!methods.includes(method as "GET" | "POST")) {
        answer = jsonRefusal(405, getInstance(context).t("api:errors.method", { methods: methods.join(", ") }));
        const withAllow = answer as { init: ResponseInit | null };
        withAllow.init = { ...withAllow.init, headers: { ...Object.fromEntries(new Headers(withAllow.init?.headers)), Allow: methods.join(", ") } };
      } else {
        const input = await fieldsOf(request);
        if (input === null) {
          answer = invalid(args, unreadableForm());
        } else {
          answer = await handler({
            args,
            request,
            context,
            input,
            state,
            parse: () => parseInput(input, spec.input) as ParsedForm<z.output<S["input"]>>,
          });
        }
      }
    } catch (error) {
      answer = isAnswer(error) ? error : await unforeseen(context, request, spec, error);
    }
    return withSetCookies(answer, state.cookies);
  };
}

/** A reading call's answer: `{ success: true, result }`. */
export function answerWith<T>(call: { args: ActionArgs }, result: T) {
  return respond(call.args, done(result), { done: (value) => ({ result: value }), refusals: {} as Record<never, RefusalAnswer> });
}

/**
 * A call's refusal that is no command's (a forbidden account, a filter not allowed): an entry
 * of a refusal map (calls.server.ts `callRefusals`), so its docs are read off the same entry.
 */
export function refuseCall(call: { context: Context }, how: RefusalAnswer, params: Record<string, string | number> = {}) {
  return jsonRefusal(how.status, getInstance(call.context).t(how.message, params));
}
