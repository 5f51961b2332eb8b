/**
 * What the creator's page reads from its action besides a refusal (FormAnswer): the look
 * a Preview or Randomize drew, in the responder's envelope (`{ success, result }`).
 */
import type { LookValues } from "./look";

export function previewedLook(actionData: unknown): LookValues | null {
  if (typeof actionData !== "object" || actionData === null || !("success" in actionData) || actionData.success !== true) return null;
  const result = (actionData as { result?: { values?: unknown } }).result;
  return result && typeof result.values === "object" && result.values !== null ? (result.values as LookValues) : null;
}
