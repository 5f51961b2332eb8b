/**
 * Curated secret-salute prompts. A secret salute is anonymous, so the sender picks one of
 * these kind words (translated in the `salutes` namespace, en and zh) instead of writing
 * freely; an optional short note passes the word filter.
 *
 * Words the database holds (`salutes.prompt_key`, a secret salute's post's `data.prompt`),
 * as a plain list beside the schema like quest-kinds.ts: the salutes feature offers them, and
 * the feed and the staff queue show them without importing salutes (decision 1202).
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
