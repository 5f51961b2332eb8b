import { useTranslation } from "~/platform/translations";
import { data, Link, useSearchParams, href } from "react-router";
import type { Route } from "./+types/newsfeed-post";
import { cardOf, findPost } from "~/features/feed/feed.server";
import { feedReader } from "~/features/feed/readers.server";
import { GlowFormsProvider } from "~/features/feed/glow-button";
import { starReceiptPath } from "~/features/salutes/salutes.server";
import { listQueryOf, PostCard } from "~/features/feed/post-card";
import { getInstance, getLocale } from "~/platform/i18n.server";
import type { PageCacheHandle } from "~/platform/visitor-pages";
import { pageTitle } from "~/ui/page";

/** A visitor's page is the same for every visitor: the server may share it for a moment (decision 0520). */
export const handle = { pageCache: { visitors: true } } satisfies PageCacheHandle;

/** The newsfeed with a single post open: /newsfeed/{postType}/{id} and /newsfeed/{id}. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : Number.NaN;
  const postType = "postType" in params ? (params.postType as string) : undefined;
  const current = await feedReader(request, context);
  const post = await findPost(id, postType, current?.member.id ?? null);
  if (!post) throw data(null, { status: 404 });
  return {
    post: cardOf(post, getLocale(context), Date.now()),
    // A star salute's public receipt (star salutes are never secret; the card carries no refId).
    receiptPath: post.type === "starsalute" && post.refId !== null ? await starReceiptPath(post.refId) : null,
    signedIn: Boolean(current),
    title: getInstance(context).t("newsfeed:postTitle"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Post"),
];

export default function NewsfeedPost({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["newsfeed", "salutes"]);
  const [search] = useSearchParams();
  return (
    // Opened in the page, focus goes to this post's heading (RouteFocus).
    <section aria-label={t("postTitle")} className="space-y-2" data-route-focus>
      <GlowFormsProvider signedIn={loaderData.signedIn}>
        <PostCard post={loaderData.post} signedIn={loaderData.signedIn} open />
      </GlowFormsProvider>
      <div className="flex flex-wrap gap-4">
        {loaderData.receiptPath ? (
          <Link to={loaderData.receiptPath} className="font-medium underline">
            {t("salutes:receipt.view")}
          </Link>
        ) : null}
        <Link to={`${href("/newsfeed")}${listQueryOf(search)}`} className="font-medium underline">
          {t("close")}
        </Link>
      </div>
    </section>
  );
}
