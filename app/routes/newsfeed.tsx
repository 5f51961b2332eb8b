import { RepeatedWords, useTranslation } from "~/platform/translations";
import { Link, Outlet, useMatches, useSearchParams, href } from "react-router";
import type { Route } from "./+types/newsfeed";
import { listFeedCards } from "~/features/feed/feed.server";
import { feedReader } from "~/features/feed/readers.server";
import { GlowFormsProvider } from "~/features/feed/glow-button";
import { listQueryOf, PostItem } from "~/features/feed/post-card";
import { lazyIsland } from "~/ui/client-only";
import { getInstance, getLocale } from "~/platform/i18n.server";
import type { PageCacheHandle } from "~/platform/visitor-pages";
import { PageHeading, pageTitle } from "~/ui/page";
import { primaryButton } from "~/ui/buttons";

/**
 * A visitor's feed (or, while the feed is members-only, what a visitor is shown instead) is
 * the same for every visitor: the server may share it for a moment (decision 0520).
 */
export const handle = { i18n: ["newsfeed", "salutes"], pageCache: { visitors: true, query: ["before"] } } satisfies PageCacheHandle;

const FeedUpdates = lazyIsland(() => import("~/features/feed/feed-updates"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const before = new URL(request.url).searchParams.get("before");
  const current = await feedReader(request, context);
  const feed = await listFeedCards(before, current?.member.id ?? null, getLocale(context), Date.now());
  return {
    ...feed,
    signedIn: Boolean(current),
    paged: Boolean(before),
    title: getInstance(context).t("newsfeed:title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Newsfeed"),
];

/** The id of the post opened in the page (/newsfeed/{postType}/{id}, /newsfeed/{id}), if any. */
function useOpenPostId(): number | null {
  const open = useMatches().find((match) => match.id === "routes/newsfeed-post" || match.id === "routes/newsfeed-typed-post");
  const id = Number(open?.params.id);
  return Number.isSafeInteger(id) ? id : null;
}

export default function Newsfeed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("newsfeed");
  const { nextCursor, paged, signedIn, topPostId } = loaderData;
  // The post open above the list is not shown in it a second time.
  const openId = useOpenPostId();
  const posts = loaderData.posts.filter((post) => post.id !== openId);
  // A post opened from an older page keeps that page under it (and "back" returns to it).
  const [search] = useSearchParams();
  const listQuery = listQueryOf(search);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>{t("heading")}</PageHeading>
        {signedIn ? (
          <Link to={href("/salute-select")} className={`${primaryButton} px-3 text-sm`}>
            {t("saluteSomeone")}
          </Link>
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
          <RepeatedWords>
            <ol className="space-y-3" aria-labelledby="feed-posts">
              {posts.map((post) => (
                <PostItem key={post.id} post={post} signedIn={signedIn} listQuery={listQuery} />
              ))}
            </ol>
          </RepeatedWords>
        </GlowFormsProvider>
      )}
      <nav className="flex flex-wrap gap-4" aria-label={t("title")}>
        {paged ? (
          <Link to={href("/newsfeed")} className="font-medium underline">
            {t("newest")}
          </Link>
        ) : null}
        {nextCursor ? (
          <Link to={`${href("/newsfeed")}?before=${encodeURIComponent(nextCursor)}`} rel="next" className="font-medium underline">
            {t("more")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
