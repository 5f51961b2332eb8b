/**
 * What the three salute screens share on the server: loading the recipient picker and
 * handling a send (validate, send, redirect or answer with field errors and the typed
 * values, never a 500).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { requireMember } from "~/features/auth/sessions.server";
import { getInstance } from "~/platform/i18n.server";
import { flashToast } from "~/platform/toast.server";
import { findRecipient, searchRecipients, type Recipient } from "./recipients.server";
import { fieldErrors, type FieldErrors } from "./schemas";
import { gemsLeft, refusalStatus, sendSalute, type SendSalute } from "./salutes.server";

export interface PickerData {
  q: string;
  results: Recipient[] | null;
  recipient: Recipient | null;
  gemsLeft: number;
}

export async function loadPicker(request: Request): Promise<PickerData & { memberId: number }> {
  const { member } = await requireMember(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 50);
  const to = Number(url.searchParams.get("to"));
  const [results, recipient, gems] = await Promise.all([
    q.trim() ? searchRecipients(q, member.id) : Promise.resolve(null),
    to && to !== member.id ? findRecipient(to) : Promise.resolve(null),
    gemsLeft(member.id),
  ]);
  return { q, results, recipient, gemsLeft: gems, memberId: member.id };
}

export interface SendFailure {
  values: Record<string, string>;
  errors: FieldErrors;
}

/**
 * Parses the form with `schema`, builds the send with `toSend`, and on success flashes a
 * toast and redirects to `next(outcome)`.
 */
export async function handleSend<S extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: S,
  toSend: (values: z.infer<S>, senderId: number) => SendSalute,
  next: (outcome: { saluteId: number; postId: number; receiptCode: string }) => string,
  successKey: string,
) {
  const { member } = await requireMember(request, context);
  const t = getInstance(context).t;
  const form = await request.formData();
  const values: Record<string, string> = {};
  // Whole, however long: a field over its limit is refused with its message, and what was
  // typed comes back as it was (the body itself is at most 1 MiB).
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    for (const key of Object.keys(errors)) errors[key] = t(`salutes:${errors[key]}`);
    return data<SendFailure>({ values, errors }, { status: 400 });
  }
  const outcome = await sendSalute(toSend(parsed.data, member.id));
  if (!outcome.ok) {
    const field = outcome.refusal === "not-enough-gems" ? "gems" : outcome.refusal === "self" || outcome.refusal === "no-recipient" ? "recipientId" : "form";
    return data<SendFailure>(
      { values, errors: { [field]: t(`salutes:refusals.${outcome.refusal}`) } },
      {
        status: refusalStatus[outcome.refusal],
        // A limit (429) says when to come back.
        ...(outcome.retryAfterSeconds ? { headers: { "Retry-After": String(outcome.retryAfterSeconds) } } : {}),
      },
    );
  }
  flashToast(context, "success", t(successKey));
  return redirect(next(outcome));
}
