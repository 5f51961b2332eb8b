import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { errorCatalogue } from "./errors";
import { getInstance } from "./i18n.server";

/**
 * Every action reads its body through `request.formData()` (or, for the few JSON endpoints,
 * `request.json()`), so two rules sit here, once, around those methods:
 * - A body that is not a form (no Content-Type, text/plain, broken multipart…) or not JSON
 *   makes them throw a TypeError or SyntaxError, which would surface as a 500. It answers
 *   400 instead, `{ ok: false, type: "BAD_REQUEST", error }` with the catalogue's message in
 *   the reader's language.
 * - NUL characters are taken out of every text the body carries. No one can type one, and
 *   PostgreSQL text cannot hold one: saving it was a 500 and a lost form.
 */
export const unreadableBodyIsBadRequest: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") {
    guard(request, "formData", withoutNul, context);
    guard(request, "json", jsonWithoutNul, context);
  }
  return next();
};

/** Replaces one of the request's body readers: a body it cannot read is a 400, what it reads is cleaned. */
function guard<K extends "formData" | "json">(
  request: Request,
  method: K,
  clean: (body: Awaited<ReturnType<Request[K]>>) => Awaited<ReturnType<Request[K]>>,
  context: Readonly<RouterContextProvider>,
) {
  const read = (request[method] as () => ReturnType<Request[K]>).bind(request);
  Object.defineProperty(request, method, {
    configurable: true,
    value: async () => {
      let body: Awaited<ReturnType<Request[K]>>;
      try {
        body = await read();
      } catch {
        throw badRequest(context);
      }
      return clean(body);
    },
  });
}

function badRequest(context: Readonly<RouterContextProvider>) {
  let error: string = errorCatalogue.BAD_REQUEST.message;
  try {
    error = getInstance(context).t("errors:types.BAD_REQUEST.message");
  } catch {
    // The language is not known yet: the catalogue's English.
  }
  return data({ ok: false, type: "BAD_REQUEST", error }, { status: 400 });
}

const hasNul = (value: string) => value.includes("\0");

/** The same form, without NUL characters in its texts (the same object when it has none). */
export function withoutNul(form: FormData): FormData {
  let found = false;
  for (const [name, value] of form) if (hasNul(name) || (typeof value === "string" && hasNul(value))) found = true;
  if (!found) return form;
  const clean = new FormData();
  for (const [name, value] of form) {
    if (typeof value === "string") clean.append(name.replaceAll("\0", ""), value.replaceAll("\0", ""));
    else clean.append(name.replaceAll("\0", ""), value);
  }
  return clean;
}

/** A parsed JSON value without NUL characters in its strings and keys. */
export function jsonWithoutNul(value: unknown): unknown {
  if (typeof value === "string") return hasNul(value) ? value.replaceAll("\0", "") : value;
  if (Array.isArray(value)) return value.map(jsonWithoutNul);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replaceAll("\0", ""), jsonWithoutNul(v)]));
  }
  return value;
}
