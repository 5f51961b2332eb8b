/**
 * A member's saved character. The spec's character record fields live in named columns;
 * the rest of the validated look (rotate, scale, probabilities, other colours…) in
 * `options`. `version` goes up on every save and is part of the avatar's URL.
 */
import { eq, sql } from "drizzle-orm";
import { db, type Database } from "~/platform/db/db.server";
import { characters } from "~/platform/db/schema";
import { currentMember } from "~/features/auth/index.server";
import { publish } from "~/platform/happened.server";
import { getInstance } from "~/platform/i18n.server";
import { avatarUrl, DEFAULT_AVATAR_URL, DEFAULT_SEED, DEFAULT_STYLE, isAvatarStyle, SEED_MAX_LENGTH } from "./look";
import { defaultLook, parseLook, type Look } from "./options.server";

type CharacterRow = typeof characters.$inferSelect;
type CharacterValues = Omit<typeof characters.$inferInsert, "memberId">;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The spec's character record fields that have their own column. */
const columnFields = [
  "body", "beard", "clothing", "clothingColor", "eyes", "glasses", "hair", "hairColor", "mouth",
  "facialHair", "mood", "eyebrows", "freckles", "head", "nose", "skinColor",
] as const;

/** A look as a `characters` row. */
export function lookToRow(look: Look): CharacterValues {
  const row: CharacterValues = {
    style: look.style,
    seed: look.seed,
    // A list in the spec; kept comma-separated in its text column (at most two colours).
    backgroundColor: look.backgroundColor.length ? look.backgroundColor.join(",") : null,
  };
  const options: Record<string, unknown> = {
    flip: look.flip,
    rotate: look.rotate,
    scale: look.scale,
    radius: look.radius,
    size: look.size,
    backgroundType: look.backgroundType,
    backgroundRotation: look.backgroundRotation,
    translateX: look.translateX,
    translateY: look.translateY,
    clip: look.clip,
    randomizeIds: look.randomizeIds,
  };
  for (const field of columnFields) row[field] = null;
  for (const [key, value] of Object.entries(look.traits)) {
    if ((columnFields as readonly string[]).includes(key)) row[key as (typeof columnFields)[number]] = String(value);
    else options[key] = value;
  }
  row.options = options;
  return row;
}

/**
 * A stored row back to a look. Rows are re-validated: a value a newer DiceBear no longer
 * knows is dropped (the seed then decides), rather than breaking the member's avatar.
 */
export function rowToLook(row: Pick<CharacterRow, "style" | "seed" | "backgroundColor" | "options"> & Partial<CharacterRow>): Look {
  const raw: Record<string, unknown> = {
    ...(row.options as Record<string, unknown>),
    style: row.style,
    seed: row.seed,
    backgroundColor: row.backgroundColor ? row.backgroundColor.split(",") : [],
  };
  for (const field of columnFields) {
    const value = row[field];
    if (value) raw[field] = value;
  }
  if (!isAvatarStyle(raw.style)) raw.style = DEFAULT_STYLE;
  for (let attempt = 0; attempt < 60; attempt++) {
    const result = parseLook(raw);
    if (result.success) return result.look;
    // Every field that is refused falls back to its default (the seed, for features).
    for (const field of Object.keys(result.errors)) delete raw[field];
  }
  return defaultLook(raw.style as Look["style"], String(row.seed).slice(0, SEED_MAX_LENGTH) || DEFAULT_SEED);
}

export async function findCharacter(memberId: number) {
  const [row] = await db().select().from(characters).where(eq(characters.memberId, memberId)).limit(1);
  return row ?? null;
}

/** The member's look: the saved one, or the default (pixelArt, seed Aneka) before any save. */
export async function getLook(memberId: number): Promise<{ look: Look; version: number | null }> {
  const row = await findCharacter(memberId);
  return row ? { look: rowToLook(row), version: row.version } : { look: defaultLook(), version: null };
}

/** Stores a look; a new version means a new avatar URL. Raises the member to access level 2. */
export async function saveCharacter(memberId: number, look: Look, tx: Database | Tx = db()) {
  const values = lookToRow(look);
  const [row] = await tx
    .insert(characters)
    .values({ memberId, ...values, version: 1 })
    .onConflictDoUpdate({
      target: characters.memberId,
      set: { ...values, version: sql`${characters.version} + 1`, updatedAt: new Date() },
    })
    .returning({ version: characters.version });
  return { version: row!.version };
}

/**
 * A member saves their look (the creator's Save, the API's updateavatar): the look and the
 * quest steps whose objective is an avatar, together.
 */
export async function saveMemberLook(memberId: number, look: Look): Promise<{ version: number }> {
  return db().transaction(async (tx) => {
    const saved = await saveCharacter(memberId, look, tx);
    await publish(tx, { what: "avatar", memberId });
    return saved;
  });
}

/**
 * Puts the member's character back to the spec's signed-out look (pixelArt, seed Aneka).
 * The row stays, so the member keeps access level 2.
 */
export async function resetCharacter(memberId: number) {
  return saveCharacter(memberId, defaultLook());
}

export interface MemberAvatar {
  url: string;
  version: number | null;
}

/** Where a member's avatar is served from (the shared default before they save one). */
export async function memberAvatar(memberId: number): Promise<MemberAvatar> {
  const [row] = await db()
    .select({ version: characters.version })
    .from(characters)
    .where(eq(characters.memberId, memberId))
    .limit(1);
  return row
    ? { url: avatarUrl(memberId, row.version), version: row.version }
    : { url: DEFAULT_AVATAR_URL, version: null };
}

/**
 * For the site header: the signed-in member's avatar (with its alt text, translated here so
 * the header needs no extra namespace in the browser), or null for visitors.
 */
export async function headerAvatar(
  request: Request,
  context: Parameters<typeof getInstance>[0],
): Promise<(MemberAvatar & { alt: string }) | null> {
  // The request's shared member lookup already carries the look's version: no query here.
  const current = await currentMember(context);
  if (!current) return null;
  const { avatarVersion: version } = current;
  const avatar: MemberAvatar =
    version === null
      ? { url: DEFAULT_AVATAR_URL, version: null }
      : { url: avatarUrl(current.member.id, version), version };
  return { ...avatar, alt: getInstance(context).t("avatar:header.alt") };
}
