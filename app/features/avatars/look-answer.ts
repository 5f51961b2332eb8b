/**
 * What the creator's page reads from its action besides a refusal (FormAnswer): the look
 * a Preview or Randomize drew, in the responder's envelope (`{ success, result }`), read
 * with `useDoneResult(previewedLook)` (ui/form-answer.ts).
 */
import type { LookValues } from "./look";

/** The look a Preview or Randomize drew (the result's `values`): its fields as text, or null. */
export function previewedLook({ values }: Record<string, unknown>): LookValues | null {
  if (typeof values !== "object" || values === null) return null;
  const look: LookValues = {};
  for (const [name, value] of Object.entries(values)) if (typeof value === "string") look[name] = value;
  return look;
}
