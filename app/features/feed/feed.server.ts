import { and, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { db, type Database } from "~/platform/db/db.server";
import { afterCommit } from "~/platform/db/transaction.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { characters, members, posts, postTypes, reactions, type PostType } from "~/platform/db/schema";
import { avatarUrl, DEFAULT_AVATAR_URL } from "~/features/avatars";
import { keep } from "~/platform/cache";
import { chosenName } from "~/features/members";
import { generatedName } from "~/features/members/index.server";
import type { Language } from "~/platform/i18n";
import { formatAgo } from "~/ui/dates";

export const FEED_PAGE_SIZE = 20;

export interface FeedPerson {
  id: number;
  /** The name they chose, or null: cards then show a generated one in the reader's language (0512). */
  name: string | null;
  username: string | null;
  /** Their avatar's cacheable URL (it changes when they save a new look). */
  avatarUrl: string;
}

export interface FeedPost {
  id: number;
  type: PostType;
  actor: FeedPerson | null;
  subject: FeedPerson | null;
  refId: number | null;
  text: string;
  /** Small facts for the card: stars, gems, a secret salute's prompt key. */
  data: Record<string, string | number>;
  createdAt: string;
  /** How many members glowed at it, and whether the viewer did. */
  glows: number;
  glowedByMe: boolean;
}

/**
 * A post as its card shows it: what the page's data carries to the browser. The rest of a
 * post (people's ids and usernames, the row it refers to) stays on the server; the page's
 * data is encoded and sent with every feed page.
 */
export interface CardPost extends Omit<FeedPost, "actor" | "subject" | "refId"> {
  actor: { name: string; avatarUrl: string } | null;
  subject: { name: string } | null;
  /** When, as the reader reads it ("3 hours ago"), from the server's clock (ui/dates.ts). */
  ago: string;
}

/** A person as a card names them, in the reader's language. */
const nameIn = (person: FeedPerson, lang: Language) => person.name ?? generatedName(person.id, lang);

export function cardOf(post: FeedPost, lang: Language, now: number): CardPost {
  const { actor, subject } = post;
  return {
    id: post.id,
    type: post.type,
    actor: actor && { name: nameIn(actor, lang), avatarUrl: actor.avatarUrl },
    subject: subject && { name: nameIn(subject, lang) },
    text: post.text,
    data: post.data,
    createdAt: post.createdAt,
    ago: formatAgo(post.createdAt, now, lang),
    glows: post.glows,
    glowedByMe: post.glowedByMe,
  };
}

export function isPostType(value: unknown): value is PostType {
  return typeof value === "string" && (postTypes as readonly string[]).includes(value);
}

/** Opaque keyset cursor: the last post's time and id, so paging never skips or repeats. */
export function encodeCursor(post: Pick<FeedPost, "id" | "createdAt">): string {
  return `${new Date(post.createdAt).getTime()}_${post.id}`;
}

const YEAR_10000_MS = Date.UTC(10_000, 0, 1);
const MAX_POST_ID = 2_147_483_647;

export function decodeCursor(value: string | null): { at: Date; id: number } | null {
  if (!value) return null;
  const match = /^(\d{1,15})_(\d{1,10})$/.exec(value);
  if (!match) return null;
  const at = Number(match[1]);
  const id = Number(match[2]);
  // Like any cursor that does not parse: a time past the year 9999 (the database's dates are
  // written with four-digit years) or an id past its integer column starts from the top.
  if (at >= YEAR_10000_MS || id > MAX_POST_ID) return null;
  return { at: new Date(at), id };
}

/** Spelled as the posts_newest_idx index is (DESC NULLS LAST), so the planner walks the index. */
const newestFirst = [sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`];

interface PersonRow {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  characterVersion: number | null;
}

interface Row {
  post: typeof posts.$inferSelect;
  actor: PersonRow | null;
  subject: PersonRow | null;
}

/**
 * A page of posts, then the people they name in one lookup: the page comes straight off
 * the (created_at, id) index, so the feed stays fast however many members there are.
 */
async function loadPosts(where: SQL | undefined, limit: number): Promise<Row[]> {
  const found = await db()
    .select()
    .from(posts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit);
  const ids = [...new Set(found.flatMap((p) => [p.actorId, p.subjectId]).filter((id): id is number => id !== null))];
  const people = ids.length
    ? await db()
        .select({
          id: members.id,
          firstName: members.firstName,
          lastName: members.lastName,
          username: members.username,
          characterVersion: characters.version,
        })
        .from(members)
        .leftJoin(characters, eq(characters.memberId, members.id))
        .where(inArray(members.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return found.map((post) => ({
    post,
    actor: post.actorId !== null ? (byId.get(post.actorId) ?? null) : null,
    subject: post.subjectId !== null ? (byId.get(post.subjectId) ?? null) : null,
  }));
}

function person(p: PersonRow | null): FeedPerson | null {
  if (!p) return null;
  return {
    id: p.id,
    name: chosenName(p),
    username: p.username,
    avatarUrl: p.characterVersion === null ? DEFAULT_AVATAR_URL : avatarUrl(p.id, p.characterVersion),
  };
}

function toFeedPost(row: Row): FeedPost {
  return {
    id: row.post.id,
    type: row.post.type as PostType,
    // A secret salute's post never carries its sender; belt and braces, drop any actor too.
    actor: row.post.type === "secretsalute" ? null : person(row.actor),
    subject: person(row.subject),
    refId: row.post.refId,
    text: row.post.text,
    data: pickData(row.post.data),
    createdAt: row.post.createdAt.toISOString(),
    glows: 0,
    glowedByMe: false,
  };
}

/**
 * Only the facts a card shows leave the server (never an id of a secret sender): stars,
 * gems, a secret salute's prompt, whether a party post is a join, and a contest post's
 * contest, round and winning party.
 */
function pickData(data: Record<string, string | number> | null): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of ["stars", "gems", "prompt", "event", "contest", "round", "winner"] as const) {
    const value = data?.[key];
    if (typeof value === "string" || typeof value === "number") out[key] = value;
  }
  return out;
}

/** Adds glow counts (and the viewer's own glow) to a page of posts in one query. */
async function withGlows(page: FeedPost[], viewerId: number | null): Promise<FeedPost[]> {
  if (page.length === 0) return page;
  const counts = await db()
    .select({
      postId: reactions.postId,
      n: sql<number>`count(*)::int`,
      mine: sql<boolean>`coalesce(bool_or(${reactions.memberId} = ${viewerId ?? 0}), false)`,
    })
    .from(reactions)
    .where(inArray(reactions.postId, page.map((p) => p.id)))
    .groupBy(reactions.postId);
  const byPost = new Map(counts.map((c) => [c.postId, c]));
  return page.map((p) => {
    const c = byPost.get(p.id);
    return c ? { ...p, glows: c.n, glowedByMe: Boolean(c.mine) } : p;
  });
}

/**
 * "Which of these posts has the viewer glowed at?", built once per database and run on every
 * signed-in feed view: the ids travel as one array literal, so the statement's text stays
 * the same (and is prepared) whatever the page holds.
 */
const myGlowsStatements = new WeakMap<Database, ReturnType<typeof prepareMyGlows>>();

function prepareMyGlows(database: Database) {
  return database
    .select({ postId: reactions.postId })
    .from(reactions)
    .where(
      and(
        eq(reactions.memberId, sql.placeholder("viewer")),
        sql`${reactions.postId} = any(${sql.placeholder("ids")}::int[])`,
      ),
    )
    .prepare("glow_my_glows");
}

/** Which posts of a page whose counts are already known the viewer glowed at. */
async function myGlows(page: FeedPost[], viewerId: number | null): Promise<ReadonlySet<number>> {
  if (page.length === 0 || viewerId === null) return new Set();
  const database = db();
  let statement = myGlowsStatements.get(database);
  if (!statement) myGlowsStatements.set(database, (statement = prepareMyGlows(database)));
  const mine = await statement.execute({ viewer: viewerId, ids: `{${page.map((p) => p.id).join(",")}}` });
  return new Set(mine.map((m) => m.postId));
}

async function loadPage(cursor: string | null, viewerId: number | null) {
  const after = decodeCursor(cursor);
  const rows = await loadPosts(
    after
      ? or(lt(posts.createdAt, after.at), and(eq(posts.createdAt, after.at), lt(posts.id, after.id)))
      : undefined,
    FEED_PAGE_SIZE + 1,
  );
  const page = await withGlows(rows.slice(0, FEED_PAGE_SIZE).map(toFeedPost), viewerId);
  const last = page.at(-1);
  return {
    posts: page,
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

// ── The first page, shared by every reader for a moment ──
//
// The feed's first page is the most read page of the game and the same for everyone but
// for the reader's own glows. It is kept for FIRST_PAGE_TTL_MS; each reader's glows are
// still read fresh. A write through this module (writePost, removePostsAbout, toggleGlow)
// forgets it once the write is committed (afterCommit), and forgetting also drops a read
// still under way, so a member sees their own post or glow at once. Other instances
// (PostgreSQL deployments) see a change at most FIRST_PAGE_TTL_MS late.
// docs/decisions/0410-feed-first-page-cache.md

const FIRST_PAGE_TTL_MS = 1_000;
type Page = Awaited<ReturnType<typeof loadPage>>;
/** One key: the first page as a visitor reads it (no glows of their own). */
const firstPage = keep<"first", Page>({ max: 1, ttlMs: FIRST_PAGE_TTL_MS, load: () => loadPage(null, null) });

/** Tells the feed something changed (call it after the write committed). */
export function feedChanged() {
  firstPage.forget();
}

/**
 * The page a reader gets: an older page is loaded for them, glows and all; the first page
 * is the shared one, with their own glows read apart.
 */
async function readerPage(cursor: string | null, viewerId: number | null): Promise<{ page: Page; glowed: ReadonlySet<number> | null }> {
  if (cursor) return { page: await loadPage(cursor, viewerId), glowed: null };
  const shared = await firstPage.get("first");
  return { page: shared, glowed: await myGlows(shared.posts, viewerId) };
}

/** Newest first, FEED_PAGE_SIZE a page; `nextCursor` is set when older posts exist. */
export async function listFeed(cursor: string | null = null, viewerId: number | null = null): Promise<Page> {
  const { page, glowed } = await readerPage(cursor, viewerId);
  if (!glowed?.size) return page;
  return { ...page, posts: page.posts.map((p) => (glowed.has(p.id) ? { ...p, glowedByMe: true } : p)) };
}

/** A feed page as its screen shows it: the cards, and where the next page starts. */
export async function listFeedCards(
  cursor: string | null,
  viewerId: number | null,
  lang: Language,
  now: number,
): Promise<{ posts: CardPost[]; nextCursor: string | null; topPostId: number | null }> {
  const page = await listFeed(cursor, viewerId);
  return { posts: page.posts.map((post) => cardOf(post, lang, now)), nextCursor: page.nextCursor, topPostId: page.posts[0]?.id ?? null };
}

/** One post by id (and type, when the URL names one); null when there is no such post. */
export async function findPost(id: number, type?: string, viewerId: number | null = null): Promise<FeedPost | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  if (type !== undefined && !isPostType(type)) return null;
  const [row] = await loadPosts(type ? and(eq(posts.id, id), eq(posts.type, type)) : eq(posts.id, id), 1);
  if (!row) return null;
  const [post] = await withGlows([toFeedPost(row)], viewerId);
  return post!;
}

export async function countPosts() {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(posts);
  return row?.n ?? 0;
}

type Executor = Pick<Database, "insert" | "delete">;

/**
 * The game writes a post when something happens: the one way posts are written. Pass the
 * transaction when the post belongs to a larger write (it then stands or falls with it).
 */
export async function writePost(values: typeof posts.$inferInsert, executor: Executor = db()) {
  const [row] = await executor.insert(posts).values(values).returning({ id: posts.id });
  // Inside a transaction, once it committed: a reader in between would keep the old page.
  afterCommit(feedChanged);
  return row!.id;
}

/** Takes down the posts about one thing (a salute its recipient hid or reported). */
export async function removePostsAbout(type: PostType, refId: number, executor: Executor = db()) {
  await executor.delete(posts).where(and(eq(posts.type, type), eq(posts.refId, refId)));
  afterCommit(feedChanged);
}

/** The newest post's id and time, so an open feed can tell when something new arrived. */
export async function newestPost(): Promise<{ id: number; createdAt: string } | null> {
  const [row] = await db()
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .orderBy(...newestFirst)
    .limit(1);
  return row ? { id: row.id, createdAt: row.createdAt.toISOString() } : null;
}

// ───────────── Glows ─────────────

/**
 * Toggles the member's glow on a post (one per member per post). Answers the new state,
 * or "gone" when the post does not exist (any more). Concurrent toggles cannot
 * double-count: the primary key (post, member) admits one glow.
 */
export async function toggleGlow(postId: number, memberId: number, want?: boolean): Promise<Outcome<{ glowed: boolean; glows: number }, "gone">> {
  if (!Number.isSafeInteger(postId) || postId < 1 || postId > 2_147_483_647) return refused("gone");
  const [post] = await db().select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  if (!post) return refused("gone");
  const removed = want === true ? [] : await db()
    .delete(reactions)
    .where(and(eq(reactions.postId, postId), eq(reactions.memberId, memberId)))
    .returning({ postId: reactions.postId });
  let glowed = false;
  if (removed.length === 0 && want !== false) {
    await db().insert(reactions).values({ postId, memberId, kind: "glow" }).onConflictDoNothing();
    glowed = true;
  }
  // Written (each statement commits on its own): the shared first page's counts are old.
  feedChanged();
  const [count] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(reactions)
    .where(eq(reactions.postId, postId));
  return done({ glowed, glows: count?.n ?? 0 });
}
