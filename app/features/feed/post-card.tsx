import { useTranslation } from "~/platform/translations";
import { Link, href } from "react-router";
import { AvatarImage } from "~/features/avatars";
import { isSecretPrompt } from "~/platform/db/schema/secret-prompts";
import { memberTextLang } from "~/ui/text-lang";
import type { CardPost } from "./feed.server";
import { GlowButton } from "./glow-button";

export function PostCard({
  post,
  open = false,
  signedIn = false,
  listQuery = "",
}: {
  post: CardPost;
  open?: boolean;
  /** Whether the viewer can glow (anonymous visitors see the count and a sign-in link). */
  signedIn?: boolean;
  /** The list's page (`?before=…`), kept by the post's link so the reader keeps their place. */
  listQuery?: string;
}) {
  const { t, i18n } = useTranslation(["newsfeed", "salutes"]);
  const { headline, textInHeadline } = headlineOf(post, t);
  const postHref = `${href("/newsfeed/:postType/:id", { postType: post.type, id: String(post.id) })}${listQuery}`;
  const HeadingTag = open ? "h2" : "h3";
  return (
    <article
      id={open ? undefined : `post-${post.id}`}
      aria-labelledby={`post-${post.id}-${open ? "open" : "item"}`}
      data-post-id={post.id}
      className={`post-card ${
        open
          ? "border-glow-500 bg-glow-50 shadow-md dark:bg-slate-900"
          : "border-slate-200 dark:border-slate-800"
      }`}
    >
      {post.actor ? (
        <AvatarImage src={post.actor.avatarUrl} alt={t("avatarOf", { name: post.actor.name })} size={40} />
      ) : null}
      <div className="min-w-0 flex-1">
      <p className="post-kind">
        {t(`typeNames.${post.type}`)}
      </p>
      <HeadingTag id={`post-${post.id}-${open ? "open" : "item"}`} className="mt-1 font-semibold">
        {open ? (
          headline
        ) : (
          <Link to={postHref} className="hover:underline">
            {headline}
          </Link>
        )}
      </HeadingTag>
      {typeof post.data.stars === "number" ? (
        <p className="mt-1 text-glow-700 dark:text-glow-400">
          <span role="img" aria-label={t("salutes:stars.count", { count: post.data.stars })}>
            {"★".repeat(Math.min(3, Math.max(1, post.data.stars)))}
          </span>
        </p>
      ) : null}
      {isSecretPrompt(post.data.prompt) ? <p className="mt-2">{t(`salutes:prompts.${post.data.prompt}`)}</p> : null}
      {post.text && !textInHeadline ? (
        // A member's own words, in their language where it is not the page's (decision 0407).
        <p lang={memberTextLang(post.text, i18n.language)} className="mt-2 whitespace-pre-line break-words">
          {post.text}
        </p>
      ) : null}
      {typeof post.data.gems === "number" && post.data.gems > 0 ? (
        <p className="mt-1 text-sm">{t("salutes:received.gems", { count: post.data.gems })}</p>
      ) : null}
      <p className="muted mt-2 text-sm">
        <time dateTime={post.createdAt}>{post.ago}</time>
        {/* One text node each (adjacent ones would need a marker comment between them). */}
        {post.actor ? ` · ${t("byline", { author: post.actor.name })}` : null}
      </p>
      <GlowButton postId={post.id} glows={post.glows} glowedByMe={post.glowedByMe} signedIn={signedIn} />
      </div>
    </article>
  );
}

type Translate = ReturnType<typeof useTranslation<["newsfeed", "salutes"]>>["t"];

/**
 * What a post says happened, in a sentence of the reader's language. A party post is its
 * forming, or (data.event) a member joining it, naming the party (its text); a contest post
 * names the contest, the round and the party that came first (data), where older posts only
 * had a line of text ("Spring Glow Hunt · #1: 1. The Lanterns").
 */
function headlineOf(post: CardPost, t: Translate): { headline: string; textInHeadline: boolean } {
  const people = { actor: post.actor?.name ?? t("someone"), subject: post.subject?.name ?? t("someone") };
  if (post.type === "party" && post.text) {
    const key = post.data.event === "joined" ? "types.partyJoinedNamed" : "types.partyNamed";
    return { headline: t(key, { ...people, party: post.text }), textInHeadline: true };
  }
  if (post.type === "contest" && typeof post.data.round === "number" && typeof post.data.contest === "string") {
    const facts = { contest: post.data.contest, round: post.data.round, winner: post.data.winner ?? "" };
    return { headline: t(typeof post.data.winner === "string" ? "types.contestWon" : "types.contestPublished", facts), textInHeadline: true };
  }
  return { headline: t(post.type === "party" && post.data.event === "joined" ? "types.partyJoined" : `types.${post.type}`, people), textInHeadline: false };
}

/** One post of a feed list: its list item and card. */
export function PostItem({
  post,
  signedIn,
  listQuery = "",
}: {
  post: CardPost;
  signedIn: boolean;
  listQuery?: string;
}) {
  return (
    <li>
      <PostCard post={post} signedIn={signedIn} listQuery={listQuery} />
    </li>
  );
}

/** The part of a feed address that says which page of the list is shown (`?before=…`). */
export function listQueryOf(search: URLSearchParams): string {
  const before = search.get("before");
  return before ? `?before=${encodeURIComponent(before)}` : "";
}
