import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useHydrated } from "~/islands/client-only";
import { RedirectField } from "~/ui/redirect-field";

/**
 * The glow on a post: a plain form post that toggles it (works without JavaScript and
 * comes back to the same place); with JavaScript a fetcher keeps the page still and shows
 * the new state at once.
 */
export function GlowButton({
  postId,
  glows,
  glowedByMe,
  signedIn,
}: {
  postId: number;
  glows: number;
  glowedByMe: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation("newsfeed");
  const fetcher = useFetcher<{ glowed: boolean; glows: number }>();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("glow");
  const glowed = pending ? pending === "on" : (fetcher.data?.glowed ?? glowedByMe);
  const count = pending ? glows + (glowed === glowedByMe ? 0 : glowed ? 1 : -1) : glows;
  const label = <span aria-hidden="true">✨</span>;
  if (!signedIn) {
    // Visitors see the count; glowing is for members (the header offers sign-in).
    return (
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {label} {t("glow.count", { count })}
      </span>
    );
  }
  return (
    <fetcher.Form method="post" action="/reactions" className="inline">
      <input type="hidden" name="postId" value={postId} />
      <input type="hidden" name="glow" value={glowed ? "off" : "on"} />
      <RedirectField />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={glowed}
        className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium aria-pressed:border-glow-500 aria-pressed:bg-glow-100 aria-pressed:text-slate-900 dark:border-slate-700"
      >
        {label} {glowed ? t("glow.undo") : t("glow.give")}
        <span className="ms-1 tabular-nums">({t("glow.count", { count })})</span>
      </button>
    </fetcher.Form>
  );
}
