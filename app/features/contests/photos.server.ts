/**
 * An entry's photo: checked to be a picture, re-encoded (turned upright, long side capped,
 * location and every other metadata dropped) and kept in the database, so every instance
 * serves the same bytes. Served only to those who may see the entry itself.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { hasRole, type MemberRole } from "~/features/auth/index.server";
import { db } from "~/platform/db/db.server";
import { contestRounds, entryPhotos, partyMembers, roundEntries } from "~/platform/db/schema";
import { done, refused, type Outcome } from "~/platform/outcome";
import { CONTEST_RULES, resultsVisible } from "./rules";

export type PhotoRefusal = "photo-too-large" | "photo-unreadable";

export interface PreparedPhoto {
  bytes: Buffer;
  contentType: "image/jpeg";
}

/** What a resubmission does with the entry's photo. */
export type PhotoChange = { kind: "keep" } | { kind: "remove" } | ({ kind: "replace" } & PreparedPhoto);

/**
 * Raster formats a phone or camera makes. SVG is left out: it is a drawing with scripts
 * and links in it, not a photo, and sharp would rasterise it.
 */
const PHOTO_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "tiff", "avif"]);

/**
 * Reads what the member sent as a picture and re-encodes it as a JPEG. sharp writes no
 * metadata unless asked (no EXIF, no GPS, no XMP); `.rotate()` first applies the EXIF
 * orientation, so the picture still stands the right way up once that is gone.
 */
export async function preparePhoto(file: Blob): Promise<Outcome<PreparedPhoto, PhotoRefusal>> {
  if (file.size > CONTEST_RULES.photoMaxBytes) return refused("photo-too-large");
  const input = Buffer.from(await file.arrayBuffer());
  try {
    const options = { limitInputPixels: CONTEST_RULES.photoMaxPixels, failOn: "error" as const };
    const meta = await sharp(input, options).metadata();
    if (!meta.format || !PHOTO_FORMATS.has(meta.format)) return refused("photo-unreadable");
    const side = CONTEST_RULES.photoLongSide;
    const bytes = await sharp(input, options)
      .rotate()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return done({ bytes, contentType: "image/jpeg" });
  } catch {
    // Not a picture, a broken one, or one with more pixels than we decode.
    return refused("photo-unreadable");
  }
}

/** A photo's validator: its bytes' hash (the same bytes on every instance). */
export const photoEtag = (bytes: Buffer) => `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;

/**
 * The photo of an entry, for someone who may see the entry: its party's members, the
 * contest's game master and its judges; anyone who follows the contest once the round is
 * published. Null otherwise (the caller answers 404, so nothing says the photo exists).
 */
export async function entryPhotoFor(entryId: number, viewer: { memberId: number; roles: readonly MemberRole[] }) {
  const [row] = await db()
    .select({
      bytes: entryPhotos.bytes,
      contentType: entryPhotos.contentType,
      createdAt: entryPhotos.createdAt,
      partyId: roundEntries.partyId,
      removedAt: roundEntries.removedAt,
      contestId: contestRounds.contestId,
      state: contestRounds.state,
    })
    .from(entryPhotos)
    .innerJoin(roundEntries, eq(roundEntries.id, entryPhotos.entryId))
    .innerJoin(contestRounds, eq(contestRounds.id, roundEntries.roundId))
    .where(eq(entryPhotos.entryId, entryId));
  if (!row) return null;
  const { memberId, roles } = viewer;
  const gameMaster = hasRole(roles, "gamemaster", row.contestId);
  if (row.removedAt && !gameMaster) return null;
  if (!(gameMaster || hasRole(roles, "judge", row.contestId) || (await inParty(memberId, row.partyId)) || (resultsVisible(row.state) && (await playsIn(memberId, row.contestId))))) {
    return null;
  }
  return { bytes: row.bytes, contentType: row.contentType, createdAt: row.createdAt, etag: photoEtag(row.bytes) };
}

async function inParty(memberId: number, partyId: number) {
  const [row] = await db().select({ id: partyMembers.partyId }).from(partyMembers).where(and(eq(partyMembers.memberId, memberId), eq(partyMembers.partyId, partyId)));
  return Boolean(row);
}

async function playsIn(memberId: number, contestId: number) {
  const [row] = await db().select({ id: partyMembers.partyId }).from(partyMembers).where(and(eq(partyMembers.memberId, memberId), eq(partyMembers.contestId, contestId)));
  return Boolean(row);
}
