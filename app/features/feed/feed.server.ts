import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/platform/db/db.server";
import { characters, members, posts, postTypes, type PostType } from "~/platform/db/schema";
import { avatarUrl, DEFAULT_AVATAR_URL } from "~/features/avatars/look";
import { displayName } from "~/features/members/display-name";

export const FEED_PAGE_SIZE = 20;

export interface FeedPerson {
  id: number;
  name: string;
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
  createdAt: string;
}

export function isPostType(value: unknown): value is PostType {
  return typeof value === "string" && (postTypes as readonly string[]).includes(value);
}

/** Opaque keyset cursor: the last post's time and id, so paging never skips or repeats. */
export function encodeCursor(post: Pick<FeedPost, "id" | "createdAt">): string {
  return `${new Date(post.createdAt).getTime()}_${post.id}`;
}

export function decodeCursor(value: string | null): { at: Date; id: number } | null {
  if (!value) return null;
  const match = /^(\d{1,15})_(\d{1,10})$/.exec(value);
  if (!match) return null;
  return { at: new Date(Number(match[1])), id: Number(match[2]) };
}

const actor = alias(members, "actor");
const subject = alias(members, "subject");
const actorCharacter = alias(characters, "actor_character");
const subjectCharacter = alias(characters, "subject_character");

function selectPosts() {
  return db()
    .select({
      post: posts,
      actor: {
        id: actor.id,
        firstName: actor.firstName,
        lastName: actor.lastName,
        username: actor.username,
      },
      subject: {
        id: subject.id,
        firstName: subject.firstName,
        lastName: subject.lastName,
        username: subject.username,
      },
      actorVersion: actorCharacter.version,
      subjectVersion: subjectCharacter.version,
    })
    .from(posts)
    .leftJoin(actor, eq(actor.id, posts.actorId))
    .leftJoin(subject, eq(subject.id, posts.subjectId))
    .leftJoin(actorCharacter, eq(actorCharacter.memberId, actor.id))
    .leftJoin(subjectCharacter, eq(subjectCharacter.memberId, subject.id));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectPosts>["execute"]>>[number];

function person(p: Row["actor"], characterVersion: number | null): FeedPerson | null {
  if (!p) return null;
  return {
    id: p.id,
    name: displayName(p),
    username: p.username,
    avatarUrl: characterVersion === null ? DEFAULT_AVATAR_URL : avatarUrl(p.id, characterVersion),
  };
}

function toFeedPost(row: Row): FeedPost {
  return {
    id: row.post.id,
    type: row.post.type as PostType,
    // A secret salute's post never carries its sender; belt and braces, drop any actor too.
    actor: row.post.type === "secretsalute" ? null : person(row.actor, row.actorVersion),
    subject: person(row.subject, row.subjectVersion),
    refId: row.post.refId,
    text: row.post.text,
    createdAt: row.post.createdAt.toISOString(),
  };
}

/** Newest first, FEED_PAGE_SIZE a page; `nextCursor` is set when older posts exist. */
export async function listFeed(cursor: string | null = null) {
  const after = decodeCursor(cursor);
  const rows = await selectPosts()
    .where(
      after
        ? or(
            lt(posts.createdAt, after.at),
            and(eq(posts.createdAt, after.at), lt(posts.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(FEED_PAGE_SIZE + 1);
  const page = rows.slice(0, FEED_PAGE_SIZE).map(toFeedPost);
  const last = page.at(-1);
  return {
    posts: page,
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

/** One post by id (and type, when the URL names one); null when there is no such post. */
export async function findPost(id: number, type?: string): Promise<FeedPost | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  if (type !== undefined && !isPostType(type)) return null;
  const [row] = await selectPosts()
    .where(type ? and(eq(posts.id, id), eq(posts.type, type)) : eq(posts.id, id))
    .limit(1);
  return row ? toFeedPost(row) : null;
}

export async function countPosts() {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(posts);
  return row?.n ?? 0;
}

/** The game writes a post when something happens. */
export async function writePost(values: typeof posts.$inferInsert) {
  const [row] = await db().insert(posts).values(values).returning({ id: posts.id });
  return row!.id;
}
