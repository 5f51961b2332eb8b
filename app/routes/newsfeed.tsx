import { useTranslation } from "react-i18next";
import { Outlet, useMatches, useSearchParams } from "react-router";
import type { Route } from "./+types/newsfeed";
import { getCurrentMember } from "~/features/auth/sessions.server";
import { listFeedCards } from "~/features/feed/feed.server";
import { GlowFormsProvider } from "~/features/feed/glow-button";
import { unpackCards } from "~/features/feed/packed-cards";
import { listQueryOf, PostItem } from "~/features/feed/post-card";
import { lazyIsland } from "~/islands/client-only";
import { getInstance } from "~/platform/i18n.server";
import { useLinkNavigation } from "~/ui/link-navigation";

export const handle = { i18n: ["newsfeed", "salutes"] };

const FeedUpdates = lazyIsland(() => import("~/islands/feed-updates"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const before = new URL(request.url).searchParams.get("before");
  const current = await getCurrentMember(request, context);
  const feed = await listFeedCards(before, current?.member.id ?? null);
  return {
    ...feed,
    signedIn: Boolean(current),
    paged: Boolean(before),
    now: Date.now(),
    title: getInstance(context).t("newsfeed:title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Newsfeed"} · Glow` },
];

/** The id of the post opened in the page (/newsfeed/{postType}/{id}, /newsfeed/{id}), if any. */
function useOpenPostId(): number | null {
  const open = useMatches().find((match) => match.id === "routes/newsfeed-post" || match.id === "routes/newsfeed-typed-post");
  const id = Number(open?.params.id);
  return Number.isSafeInteger(id) ? id : null;
}

export default function Newsfeed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("newsfeed");
  const { nextCursor, now, paged, signedIn, topPostId } = loaderData;
  // The post open above the list is not shown in it a second time.
  const openId = useOpenPostId();
  const posts = unpackCards(loaderData).filter((post) => post.id !== openId);
  // A post opened from an older page keeps that page under it (and "back" returns to it).
  const [search] = useSearchParams();
  const listQuery = listQueryOf(search);
  // The page's links are plain anchors given client-side navigation by one handler: twenty
  // post headings as <Link>s cost a tenth of the page's rendering (decision 0019).
  const followLink = useLinkNavigation();
  return (
    <div className="space-y-6" onClick={followLink}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-righteous text-3xl text-glow-700 dark:text-glow-300">{t("heading")}</h1>
        {signedIn ? (
          <a href="/salute-select" className="rounded-md bg-glow-700 px-3 py-2 text-sm font-semibold text-white hover:bg-glow-900">
            {t("saluteSomeone")}
          </a>
        ) : null}
      </div>
      {/* New posts arrive while the first page is open (JavaScript only; reloading works too). */}
      {!paged ? <FeedUpdates topPostId={topPostId} /> : null}
      <Outlet />
      {posts.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <GlowFormsProvider signedIn={signedIn}>
          {/* Named for screen readers, so headings go h1, h2, then each post's h3. */}
          <h2 id="feed-posts" className="sr-only">
            {t("title")}
          </h2>
          <ol className="space-y-3" aria-labelledby="feed-posts">
            {posts.map((post) => (
              <PostItem key={post.id} post={post} now={now} signedIn={signedIn} listQuery={listQuery} />
            ))}
          </ol>
        </GlowFormsProvider>
      )}
      <nav className="flex flex-wrap gap-4" aria-label={t("title")}>
        {paged ? (
          <a href="/newsfeed" className="font-medium underline">
            {t("newest")}
          </a>
        ) : null}
        {nextCursor ? (
          <a href={`/newsfeed?before=${encodeURIComponent(nextCursor)}`} rel="next" className="font-medium underline">
            {t("more")}
          </a>
        ) : null}
      </nav>
    </div>
  );
}
