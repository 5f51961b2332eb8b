/**
 * A member's saved look (the spec's character record).
 */
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./identity";

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
