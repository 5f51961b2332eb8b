/**
 * Posts kept on the phone while it is offline (decisions 0915, 1180): with JavaScript, a
 * claim or a guess made while the browser is offline is kept in local storage under the
 * member who made it (./kept-posts.ts), listed here as "waiting to send", and sent by the
 * root, from whatever page is open, when the connection returns. Each kept post carries its
 * own random key: the server answers a key it has seen with the answer it gave, so a resend
 * never counts twice. Without JavaScript the form simply posts.
 *
 * Every page that lists kept posts imports this module directly, /playquest as well as the
 * guess and treasure pages, never through import() (decision 1320). The list is wanted when
 * the signal is gone, so it comes with the page's own files: a part fetched after hydration
 * may not arrive on bad signal, and a lazy part that fails takes the route's error screen
 * (decision 1033), which on /playquest, the page kept for reading offline, could replace
 * the very map the member opened offline. The guess and treasure pages need
 * `useKeptSubmit` from hydration, so the module is in their first scripts anyway; on
 * /playquest it costs two small files. It renders nothing on the server (the posts are in
 * this browser's storage).
 */
import { useCallback, type FormEvent } from "react";
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "~/platform/translations";
import { adoptPost, forgetPost, keepPost, keptFor, useKeptPosts, type KeptPost } from "./kept-posts";
import { showToast } from "./toaster";

/** The signed-in member's key for kept posts, from the root loader (null for a visitor). */
function useOwner(): string | null {
  const root = useRouteLoaderData("root") as { keptPostsKey?: string | null } | undefined;
  return root?.keptPostsKey ?? null;
}

/** A random key from the browser's generator (randomUUID needs a secure context; this does not). */
export function newPostKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The submit handler of a form whose post may be kept: while the browser is offline the
 * post is kept (with a key of its own, under the member signed in) instead of failing, to be
 * sent to `sendTo` (an address that answers JSON) when the connection returns; online, the
 * form posts as usual. `labelOf` names what the post holds, from its fields.
 */
export function useKeptSubmit(labelOf: (fields: Record<string, string>) => string, sendTo: string) {
  const { t } = useTranslation("offline");
  const owner = useOwner();
  return useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      // Online, or no member to keep it for (the page would not be open): the form posts.
      if (navigator.onLine || !owner) return;
      event.preventDefault();
      const form = event.currentTarget;
      const fields: Record<string, string> = {};
      for (const [name, value] of new FormData(form, (event.nativeEvent as SubmitEvent).submitter)) {
        if (typeof value === "string" && name !== "key") fields[name] = value;
      }
      const label = labelOf(fields);
      keepPost({ key: newPostKey(), action: sendTo, fields, label, owner });
      showToast({ type: "success", message: t("kept", { label }) });
      form.reset();
    },
    [labelOf, sendTo, t, owner],
  );
}

/** The posts waiting to send for the member signed in; each can be discarded. */
export function OfflineOutbox() {
  const { t } = useTranslation("offline");
  const { mine, unowned, others } = keptFor(useKeptPosts(), useOwner());
  if (mine.length === 0 && unowned.length === 0) {
    return others > 0 ? <p className="text-sm">{t("others", { count: others })}</p> : null;
  }
  return (
    <section aria-labelledby="outbox-heading" className="space-y-2 rounded-xl border-2 border-dashed border-amber-500 p-4">
      <h2 id="outbox-heading" className="font-semibold">
        {mine.length > 0 ? t("heading", { count: mine.length }) : t("unowned.heading")}
      </h2>
      {mine.length > 0 ? (
        <>
          <p className="text-sm">{t("help")}</p>
          <ul className="space-y-1" aria-live="polite">
            {mine.map((post) => (
              <KeptItem key={post.key} post={post} />
            ))}
          </ul>
        </>
      ) : null}
      {unowned.length > 0 ? (
        <>
          {mine.length > 0 ? <h3 className="pt-2 font-semibold">{t("unowned.heading")}</h3> : null}
          <p className="text-sm">{t("unowned.help")}</p>
          <ul className="space-y-1">
            {unowned.map((post) => (
              <KeptItem key={post.key} post={post} adopt />
            ))}
          </ul>
        </>
      ) : null}
      {others > 0 ? <p className="text-sm">{t("others", { count: others })}</p> : null}
    </section>
  );
}

function KeptItem({ post, adopt = false }: { post: KeptPost; adopt?: boolean }) {
  const { t } = useTranslation("offline");
  const owner = useOwner();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span aria-hidden="true">⏳</span>
      <span className="font-medium">{post.label}</span>
      {adopt ? null : <span className="text-sm text-amber-800 dark:text-amber-300">{t("waiting")}</span>}
      {adopt && owner ? (
        <button
          type="button"
          onClick={() => adoptPost(post.key, owner)}
          aria-label={t("unowned.adoptLabel", { label: post.label })}
          className="min-h-6 rounded-md border border-slate-400 px-2 py-0.5 text-sm font-semibold"
        >
          {t("unowned.adopt")}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => forgetPost(post.key)}
        aria-label={t("discardLabel", { label: post.label })}
        className="min-h-6 rounded-md border border-slate-400 px-2 py-0.5 text-sm"
      >
        {t("discard")}
      </button>
    </li>
  );
}
