/**
 * What a page's form gets back from the responder (respond.server.ts) when it was not done,
 * readable in the browser too.
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

/**
 * The form answer in an action's data, or null (no post yet, or done). An action answers a
 * page with a form answer and a JSON caller with the envelope; a page only ever sees the first.
 */
export function formAnswer(actionData: unknown): FormAnswer | null {
  if (typeof actionData !== "object" || actionData === null) return null;
  return "values" in actionData && "errors" in actionData ? (actionData as FormAnswer) : null;
}
