/**
 * What a page's form gets back from the responder (respond.server.ts) when it was not done,
 * readable in the browser too, and the guards that read it: an action's data is whatever
 * came back (a page's own answer, the JSON envelope a script asked for, anything an older
 * client or a proxy sent), so a page reads it through these and never through a cast.
 */
import type { ToastData } from "./toast.server";

export interface FormAnswer {
  /** What was typed, field by field. */
  values: Record<string, string>;
  /** Translated messages by field; `form` for the form as a whole. */
  errors: Record<string, string>;
  /** Which refusal it was, for a page that does more than show the message (a countdown). */
  refusal?: string;
  /** A toast to show with the answer (an enhanced post answering 4xx reloads nothing). */
  toast?: ToastData;
  /**
   * A refusal that ends at a known time (the refusal's `until`): when (`at`) and the
   * server's clock as it answered (`now`), both in milliseconds, so a countdown in the
   * browser runs from the server's clock, not the device's (decisions 0504, 0541).
   */
  countdown?: { at: number; now: number };
}

type Loose = Record<string, unknown>;

const isLoose = (value: unknown): value is Loose => typeof value === "object" && value !== null && !Array.isArray(value);

/** An object whose every member is text (a form's values, its messages). */
function texts(value: unknown): Record<string, string> | null {
  if (!isLoose(value)) return null;
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (typeof text !== "string") return null;
    out[name] = text;
  }
  return out;
}

const TOAST_TYPES = new Set(["success", "error", "info", "warning"]);

/**
 * The form answer in an action's data, or null (no post yet, done, or an answer that is
 * not a form answer at all). Only the members a FormAnswer has, each of its own type, come
 * through: a page never meets a shape it did not expect.
 */
export function formAnswer(actionData: unknown): FormAnswer | null {
  if (!isLoose(actionData)) return null;
  const values = texts(actionData.values);
  const errors = texts(actionData.errors);
  if (!values || !errors) return null;
  const answer: FormAnswer = { values, errors };
  if (typeof actionData.refusal === "string") answer.refusal = actionData.refusal;
  const toast = actionData.toast;
  if (isLoose(toast) && typeof toast.type === "string" && TOAST_TYPES.has(toast.type) && typeof toast.message === "string") {
    answer.toast = { type: toast.type as ToastData["type"], message: toast.message, ...(typeof toast.description === "string" ? { description: toast.description } : {}) };
  }
  const countdown = actionData.countdown;
  if (isLoose(countdown) && Number.isFinite(countdown.at) && Number.isFinite(countdown.now)) {
    answer.countdown = { at: Number(countdown.at), now: Number(countdown.now) };
  }
  return answer;
}

/**
 * What an in-place post answered when done (the responder's `stay`: `{ success: true,
 * result }`), read by `read`, which says what it expects of it; null otherwise.
 */
export function doneResult<T>(actionData: unknown, read: (result: Loose) => T | null): T | null {
  if (!isLoose(actionData) || actionData.success !== true || !isLoose(actionData.result)) return null;
  return read(actionData.result);
}
