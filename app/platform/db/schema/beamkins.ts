/**
 * Companion creatures, the members who own them, light and chat.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { members } from "./identity";

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
