/**
 * The whole game's data model, from the spec's entities and PRODUCT.md.
 * Later capabilities add behaviour on top of these tables, not new upheaval.
 *
 * Money-like counts (gems, light, stars) are either ledgers or columns with CHECK
 * constraints, so no code path can push them below 0 or above their bounds.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Instance-wide settings shared by every app instance (e.g. the generated session secret). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

// ───────────────────────────── Identity ─────────────────────────────

export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(), // E.164, e.g. +15551234567
    username: text("username"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    zipcode: text("zipcode"),
    notes: text("notes"),
    status: text("status").notNull().default("0"),
    type: text("type").notNull().default("0"),
    clientId: text("client_id"),
    sellerId: text("seller_id"),
    recruitedBy: integer("recruited_by"),
    joinedAt: createdAt(),
    lastScore: integer("last_score").notNull().default(0),
    prevContestId: integer("prev_contest_id"),
    /** The active beamkin's catalogue id; 0 means no companion. */
    creatureId: integer("creature_id").notNull().default(0),
    companionCorralled: boolean("companion_corralled").notNull().default(false),
    storyMuted: boolean("story_muted").notNull().default(false),
    /** Member light not yet given to a beamkin; the light ledger explains every change. */
    lightBalance: integer("light_balance").notNull().default(0),
    /** Gems left to give this week (weekly allowance). */
    gemBalance: integer("gem_balance").notNull().default(10),
    gemWeek: date("gem_week"),
    lastVisitDay: date("last_visit_day"),
    /**
     * Leaderboard score, materialised so ranking 100 000 members is an index scan.
     * Only app/features/leaderboard/score.server.ts writes these (the formula lives there).
     */
    score: integer("score").notNull().default(0),
    /** Points earned in the week that starts on `score_week` (Monday, UTC). */
    weekScore: integer("week_score").notNull().default(0),
    scoreWeek: date("score_week"),
  },
  (t) => [
    uniqueIndex("members_phone_key").on(t.phone),
    index("members_score_rank_idx").on(t.score.desc(), t.id),
    index("members_week_score_rank_idx").on(t.scoreWeek, t.weekScore.desc(), t.id),
    uniqueIndex("members_username_lower_key").on(sql`lower(${t.username})`),
    check("members_light_balance_nonneg", sql`${t.lightBalance} >= 0`),
    check("members_gem_balance_nonneg", sql`${t.gemBalance} >= 0`),
    check("members_creature_id_nonneg", sql`${t.creatureId} >= 0`),
    check("members_score_nonneg", sql`${t.score} >= 0 and ${t.weekScore} >= 0`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the random session id; the id itself only ever lives in the cookie. */
    idHash: text("id_hash").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    fingerprint: text("fingerprint"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_member_idx").on(t.memberId)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: text("id").primaryKey(),
    phone: text("phone").notNull(),
    /** HMAC of the code keyed by the server secret; the code itself is never stored. */
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedTries: integer("failed_tries").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    burntAt: timestamp("burnt_at", { withTimezone: true }),
  },
  (t) => [
    index("login_attempts_phone_idx").on(t.phone, t.createdAt),
    check("login_attempts_failed_tries_range", sql`${t.failedTries} between 0 and 5`),
  ],
);

/**
 * What a member typed into a form posted after their session ended (decision 0509), kept
 * while they sign in again: found by a random key in the browser's session cookie, given
 * back once to the page it was posted from, and gone after `expires_at`.
 */
export const formDrafts = pgTable(
  "form_drafts",
  {
    /** 128 random bits: the only copy outside this table is in the browser's own cookie. */
    key: text("key").primaryKey(),
    /** The page the form was posted from, as the address bar shows it (/compliment?to=9). */
    page: text("page").notNull(),
    /** The form's text fields, whole. */
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("form_drafts_expires_idx").on(t.expiresAt)],
);

/** One row per counted event (a code sent, a chat with a model…) for sliding-window limits. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: serial("id").primaryKey(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_hits_lookup_idx").on(t.bucket, t.key, t.at)],
);

// ───────────────────────────── Avatars ─────────────────────────────

export const characterStyles = ["pixelArt", "dylan", "personas", "lorelei"] as const;

export const characters = pgTable(
  "characters",
  {
    memberId: integer("member_id")
      .primaryKey()
      .references(() => members.id, { onDelete: "cascade" }),
    style: text("style").notNull().default("pixelArt"),
    seed: text("seed").notNull().default("Aneka"),
    body: text("body"),
    backgroundColor: text("background_color"),
    beard: text("beard"),
    clothing: text("clothing"),
    clothingColor: text("clothing_color"),
    eyes: text("eyes"),
    glasses: text("glasses"),
    hair: text("hair"),
    hairColor: text("hair_color"),
    mouth: text("mouth"),
    facialHair: text("facial_hair"),
    mood: text("mood"),
    eyebrows: text("eyebrows"),
    freckles: text("freckles"),
    head: text("head"),
    nose: text("nose"),
    skinColor: text("skin_color"),
    /** The remaining validated DiceBear options (rotate, scale, probabilities…). */
    options: jsonb("options").notNull().default({}),
    /** Bumped on every save: part of the avatar URL so caches never serve a stale look. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "characters_style_known",
      sql`${t.style} in ('pixelArt', 'dylan', 'personas', 'lorelei')`,
    ),
  ],
);

// ───────────────────────────── Beamkins ─────────────────────────────

export const creatures = pgTable(
  "creatures",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    /** Names and personalities are translation keys under the beamkins namespace. */
    name: text("name").notNull(),
    personality: text("personality").notNull(),
    imageUrl: text("image_url").notNull(),
    /** Can a member obtain it directly from /beamkins (others come from prize boxes or /kidnap). */
    starter: boolean("starter").notNull().default(false),
  },
  (t) => [uniqueIndex("creatures_slug_key").on(t.slug)],
);

export const memberCreatures = pgTable(
  "member_creatures",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    creatureId: integer("creature_id")
      .notNull()
      .references(() => creatures.id),
    light: integer("light").notNull().default(20),
    obtainedVia: text("obtained_via").notNull().default("signup"),
    obtainedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("member_creatures_member_creature_key").on(t.memberId, t.creatureId),
    check("member_creatures_light_range", sql`${t.light} between 0 and 100`),
  ],
);

/** Every change of a member's light balance, with its reason. */
export const lightLedger = pgTable(
  "light_ledger",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason").notNull(), // daily-visit, quest-step, salute-received, treasure, give-light, prize
    ref: text("ref"),
    createdAt: createdAt(),
  },
  (t) => [index("light_ledger_member_idx").on(t.memberId, t.createdAt)],
);

/** Light a beamkin gained (or lost) and why: chat gains are capped per day from here. */
export const creatureLightEvents = pgTable(
  "creature_light_events",
  {
    id: serial("id").primaryKey(),
    memberCreatureId: integer("member_creature_id")
      .notNull()
      .references(() => memberCreatures.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason").notNull(), // chat, give-light
    createdAt: createdAt(),
  },
  (t) => [index("creature_light_events_idx").on(t.memberCreatureId, t.reason, t.createdAt)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** Catalogue id; 0 for the creature-less chat. */
    creatureId: integer("creature_id").notNull().default(0),
    role: text("role").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_thread_idx").on(t.memberId, t.creatureId, t.createdAt),
    check("chat_messages_role_known", sql`${t.role} in ('user', 'assistant')`),
    check("chat_messages_content_length", sql`char_length(${t.content}) <= 4000`),
  ],
);

// ───────────────────────────── Contests, parties, roles ─────────────────────────────

export const contests = pgTable(
  "contests",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    status: text("status").notNull().default("Active"),
    gameMasterId: integer("game_master_id").references(() => members.id),
    createdAt: createdAt(),
  },
  (t) => [check("contests_status_known", sql`${t.status} in ('Active', 'Paused', 'Ended')`)],
);

export const roleNames = ["gamemaster", "ringleader", "judge"] as const;

export const memberRoles = pgTable(
  "member_roles",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("member_roles_unique").on(t.memberId, t.contestId, t.role),
    check("member_roles_role_known", sql`${t.role} in ('gamemaster', 'ringleader', 'judge')`),
  ],
);

export const parties = pgTable(
  "parties",
  {
    id: serial("id").primaryKey(),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    ringleaderId: integer("ringleader_id").references(() => members.id),
    zipcode: text("zipcode"),
    createdAt: createdAt(),
  },
  (t) => [index("parties_contest_idx").on(t.contestId)],
);

export const partyMembers = pgTable(
  "party_members",
  {
    partyId: integer("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.memberId] }), index("party_members_member_idx").on(t.memberId)],
);

export const invites = pgTable(
  "invites",
  {
    id: text("id").primaryKey(), // random token carried by the link
    inviteType: text("invite_type").notNull(), // party, contest, judge, ringleader
    partyId: integer("party_id").references(() => parties.id, { onDelete: "cascade" }),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "cascade" }),
    inviterId: integer("inviter_id").references(() => members.id),
    inviteeMemberId: integer("invitee_member_id").references(() => members.id),
    role: text("role"),
    email: text("email"),
    createdAt: createdAt(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => members.id),
  },
  (t) => [
    check(
      "invites_type_known",
      sql`${t.inviteType} in ('party', 'contest', 'judge', 'ringleader', 'member')`,
    ),
  ],
);

/** Join and role requests a game master answers in the request modal. */
export const contestRequests = pgTable(
  "contest_requests",
  {
    id: serial("id").primaryKey(),
    contestId: integer("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(), // join, role
    role: text("role"),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("contest_requests_status_known", sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);

export const judgeScores = pgTable(
  "judge_scores",
  {
    id: serial("id").primaryKey(),
    contestId: integer("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    partyId: integer("party_id")
      .notNull()
      .references(() => parties.id, { onDelete: "cascade" }),
    judgeId: integer("judge_id")
      .notNull()
      .references(() => members.id),
    round: integer("round").notNull().default(1),
    points: integer("points").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("judge_scores_unique").on(t.contestId, t.partyId, t.judgeId, t.round),
    check("judge_scores_points_range", sql`${t.points} between 0 and 100`),
  ],
);

// ───────────────────────────── Quests ─────────────────────────────

export const questObjectives = ["visit", "avatar", "salute", "party", "guess", "treasure"] as const;

export const quests = pgTable(
  "quests",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    /** Title and reward text are translation keys under the quests namespace. */
    title: text("title").notNull(),
    reward: text("reward").notNull(),
    timeNeeded: integer("time_needed").notNull().default(0),
    position: integer("position").notNull().default(0),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("quests_slug_key").on(t.slug)],
);

export const questSteps = pgTable(
  "quest_steps",
  {
    id: serial("id").primaryKey(),
    questId: integer("quest_id")
      .notNull()
      .references(() => quests.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    objective: text("objective").notNull(),
    /** What satisfies the objective: a path for visit, an id for treasure or guess. */
    target: text("target"),
    /** Translation keys of the companion's dialogue lines. */
    dialogue: jsonb("dialogue").$type<string[]>().notNull().default([]),
    lightReward: integer("light_reward").notNull().default(5),
    points: integer("points").notNull().default(10),
  },
  (t) => [
    uniqueIndex("quest_steps_order_key").on(t.questId, t.position),
    check(
      "quest_steps_objective_known",
      sql`${t.objective} in ('visit', 'avatar', 'salute', 'party', 'guess', 'treasure')`,
    ),
    check("quest_steps_rewards_nonneg", sql`${t.lightReward} >= 0 and ${t.points} >= 0`),
  ],
);

export const questProgress = pgTable(
  "quest_progress",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    stepId: integer("step_id")
      .notNull()
      .references(() => questSteps.id, { onDelete: "cascade" }),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.stepId] })],
);

export const prizeBoxes = pgTable("prize_boxes", {
  id: serial("id").primaryKey(),
  memberId: integer("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  questId: integer("quest_id").references(() => quests.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  openedAt: timestamp("opened_at", { withTimezone: true }),
  rewardKind: text("reward_kind"), // gems, light, beamkin
  rewardAmount: integer("reward_amount"),
  creatureId: integer("creature_id").references(() => creatures.id),
});

export const treasures = pgTable(
  "treasures",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    title: text("title").notNull(),
    hint: text("hint").notNull().default(""),
    contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
    hiddenBy: integer("hidden_by").references(() => members.id),
    lightReward: integer("light_reward").notNull().default(10),
    points: integer("points").notNull().default(10),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("treasures_code_key").on(t.code)],
);

export const treasureClaims = pgTable(
  "treasure_claims",
  {
    treasureId: integer("treasure_id")
      .notNull()
      .references(() => treasures.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    claimedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.treasureId, t.memberId] })],
);

export const guessCards = pgTable("guess_cards", {
  id: serial("id").primaryKey(),
  contestId: integer("contest_id").references(() => contests.id, { onDelete: "set null" }),
  question: text("question").notNull(),
  choices: jsonb("choices").$type<string[]>().notNull().default([]),
  answer: text("answer").notNull(),
  points: integer("points").notNull().default(10),
  createdBy: integer("created_by").references(() => members.id),
  createdAt: createdAt(),
});

export const guesses = pgTable(
  "guesses",
  {
    cardId: integer("card_id")
      .notNull()
      .references(() => guessCards.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    guess: text("guess").notNull(),
    correct: boolean("correct").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.memberId] })],
);

// ───────────────────────────── Salutes, gems and the feed ─────────────────────────────

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
    uniqueIndex("salutes_receipt_code_key").on(t.receiptCode),
    index("salutes_recipient_idx").on(t.recipientId, t.createdAt),
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

// ───────────────────────────── Staff (older username/password flow) ─────────────────────────────

export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: integer("is_admin").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_users_username_key").on(sql`lower(${t.username})`)],
);

export const agents = pgTable("agents", {
  id: serial("id").primaryKey(),
  staffUserId: integer("staff_user_id")
    .notNull()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
});

export const agentResources = pgTable("agent_resources", {
  id: serial("id").primaryKey(),
  agentId: integer("agent_id")
    .notNull()
    .references(() => agents.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  url: text("url").notNull(),
});

export const staffSessions = pgTable("staff_sessions", {
  idHash: text("id_hash").primaryKey(),
  staffUserId: integer("staff_user_id")
    .notNull()
    .references(() => staffUsers.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export type Member = typeof members.$inferSelect;
export type Post = typeof posts.$inferSelect;
