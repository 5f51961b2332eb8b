/**
 * How the beamkins' resource routes answer: JSON for the island's fetch calls, a redirect
 * back with a toast for plain HTML form posts (no JavaScript).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { isDatabaseUnavailable } from "~/platform/db/unavailable.server";
import { getInstance } from "~/platform/i18n.server";
import { log } from "~/platform/log.server";
import { wantsJson } from "~/platform/page-post";
import { safeRedirectPath } from "~/platform/redirect-to";
import { flashToast } from "~/platform/toast.server";
import { isRefusal, type BeamkinRefusal } from "./errors";

export function refusalText(context: Readonly<RouterContextProvider>, refusal: BeamkinRefusal) {
  return getInstance(context).t(`beamkins:refusals.${refusal.code}`, refusal.details);
}

/** A limit's answer says when to come back (every 429 carries Retry-After). */
export function refusalHeaders(refusal: BeamkinRefusal): HeadersInit | undefined {
  return refusal.retryAfterSeconds ? { "Retry-After": String(Math.max(1, Math.ceil(refusal.retryAfterSeconds))) } : undefined;
}

export function backTo(request: Request, form: FormData | null, fallback = "/beamkins") {
  const origin = new URL(request.url).origin;
  return safeRedirectPath(form?.get("redirectTo"), origin, fallback);
}

/** A done action: JSON, or back where the form was with a success toast. */
export function done<T extends Record<string, unknown>>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData | null,
  message: string,
  body: T,
) {
  if (wantsJson(request)) return data({ ok: true as const, message, ...body });
  flashToast(context, "success", message);
  return redirect(backTo(request, form), 303);
}

/** A refused or failed action: JSON with the right status, or back with an error toast. */
export function failed(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData | null,
  error: unknown,
) {
  let status = 503;
  let message: string;
  let headers: HeadersInit | undefined;
  if (isRefusal(error)) {
    status = error.status;
    message = refusalText(context, error);
    headers = refusalHeaders(error);
  } else if (isDatabaseUnavailable(error)) {
    // Answered as the catalogue says, for every route alike (platform/database-away.server.ts).
    throw error;
  } else {
    log.error("beamkin action failed", { error: error instanceof Error ? error.message : String(error) });
    message = getInstance(context).t("beamkins:chat.error");
  }
  if (wantsJson(request)) return data({ ok: false as const, error: message }, { status, headers });
  flashToast(context, "error", message);
  return redirect(backTo(request, form), 303);
}

/** A positive whole number from a form field, or NaN. */
export function wholeNumber(value: FormDataEntryValue | null): number {
  if (typeof value !== "string" || !/^\s*\d{1,9}\s*$/.test(value)) return Number.NaN;
  return Number(value);
}
