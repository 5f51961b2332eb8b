/**
 * Salutes, gems, the newsfeed's posts and glows.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";

export const saluteKinds = ["compliment", "star", "secret"] as const;

export const salutes = pgTable(
  "salutes",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    /** Kept for staff handling a report; never shown to the recipient of a secret salute. */
    senderId: integer("sender_id")
      .notNull()
      .references(() => members.id),
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => members.id),
    message: text("message").notNull().default(""),
    promptKey: text("prompt_key"),
    stars: integer("stars"),
    gems: integer("gems").notNull().default(0),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    reportReason: text("report_reason"),
    /**
     * The star receipt's address (/starsalute/view/{code}): random, so receipts cannot be
     * walked through by counting (decision 0508). Made by the database for every salute.
     */
    receiptCode: text("receipt_code")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
  },
  (t) => [
    index("salutes_recipient_idx").on(t.recipientId, t.createdAt),
    uniqueIndex("salutes_receipt_code_key").on(t.receiptCode),
    index("salutes_sender_idx").on(t.senderId, t.kind, t.createdAt),
    check("salutes_kind_known", sql`${t.kind} in ('compliment', 'star', 'secret')`),
    check("salutes_stars_range", sql`${t.stars} is null or ${t.stars} between 1 and 3`),
    check("salutes_gems_range", sql`${t.gems} between 0 and 10`),
    check("salutes_not_self", sql`${t.senderId} <> ${t.recipientId}`),
    check("salutes_message_length", sql`char_length(${t.message}) <= 280`),
  ],
);

/** Every change of a member's gems-to-give balance (weekly top-ups and gifts). */
export const gemLedger = pgTable(
  "gem_ledger",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason").notNull(), // weekly-allowance, gift
    saluteId: integer("salute_id").references(() => salutes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("gem_ledger_member_idx").on(t.memberId, t.createdAt)],
);

export const postTypes = [
  "welcome",
  "compliment",
  "starsalute",
  "secretsalute",
  "quest",
  "party",
  "treasure",
  "beamkin",
  "contest",
] as const;
export type PostType = (typeof postTypes)[number];

export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull(),
    /** Who did it; null when the post must not name them (secret salutes). */
    actorId: integer("actor_id").references(() => members.id, { onDelete: "set null" }),
    /** Who it is about (a salute's recipient), when anyone. */
    subjectId: integer("subject_id").references(() => members.id, { onDelete: "set null" }),
    /** The id of the thing it reports (salute, quest, party, treasure, creature, contest). */
    refId: integer("ref_id"),
    text: text("text").notNull().default(""),
    data: jsonb("data").$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("posts_newest_idx").on(t.createdAt.desc(), t.id.desc()),
    /** The posts about one thing: a star receipt's post, removing a thing's posts. */
    index("posts_about_idx").on(t.type, t.refId),
    check(
      "posts_type_known",
      sql`${t.type} in ('welcome', 'compliment', 'starsalute', 'secretsalute', 'quest', 'party', 'treasure', 'beamkin', 'contest')`,
    ),
  ],
);

export const reactions = pgTable(
  "reactions",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("glow"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.memberId] })],
);

export type Post = typeof posts.$inferSelect;
