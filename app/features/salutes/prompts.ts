/**
 * Curated secret-salute prompts. A secret salute is anonymous, so the sender picks one of
 * these kind words (translated in the `salutes` namespace, en and zh) instead of writing
 * freely; an optional short note passes the word filter.
 */
export const secretPrompts = [
  "kindness",
  "smile",
  "brave",
  "helpful",
  "creative",
  "teamwork",
  "inspiring",
  "funny",
  "thoughtful",
  "shine",
] as const;

export type SecretPrompt = (typeof secretPrompts)[number];

export function isSecretPrompt(value: unknown): value is SecretPrompt {
  return typeof value === "string" && (secretPrompts as readonly string[]).includes(value);
}
