/**
 * A wait said in words ("8 minutes", "1 hour", "45 seconds"; "8 分钟"), for every refusal
 * that asks a person to come back later (decision 0504). Rounded up to what a person plans
 * with: seconds under a minute and a half, whole minutes under an hour, whole hours after
 * that. Pure, so the server's answer and the browser's countdown say the same.
 */
export function waitInWords(seconds: number, t: (key: "common:wait.seconds" | "common:wait.minutes" | "common:wait.hours", options: { count: number }) => string): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return t("common:wait.seconds", { count: s });
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return t("common:wait.minutes", { count: minutes });
  return t("common:wait.hours", { count: Math.max(1, Math.round(s / 3600)) });
}
