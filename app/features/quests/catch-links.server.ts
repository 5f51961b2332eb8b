/**
 * Catch links (/kidnap): a game master or a friend shares a link or QR code, and whoever
 * opens it and presses Catch gets that beamkin (the obtain rules: one of each kind per
 * member). Opening a link never spends it; pressing Catch does. Decision 0930.
 *
 * - A friend shares a beamkin they have: one catch, for a day, at most FRIEND_LINKS_PER_DAY.
 * - A game master shares any beamkin: up to GM_MAX_CATCHES catches, for up to 30 days.
 * - A used or expired link says so; a member who has that beamkin already keeps the link
 *   unspent for someone else.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { catchLinkCatches, catchLinks, creatures, memberCreatures } from "~/platform/db/schema";
import { transaction } from "~/platform/db/transaction.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { CATCH_RULES } from "./catch-rules";
import { grantBeamkin } from "./rewards.server";
import { randomCode } from "~/platform/random-code.server";

export { CATCH_RULES } from "./catch-rules";

/** 20 characters of 32: 100 random bits. */
export const newCatchCode = () => randomCode(20);

const DAY_MS = 24 * 3600_000;

export type ShareRefusal = "not-yours" | "unknown-creature" | "too-many-links";

export async function shareCatchLink(
  memberId: number,
  input: { creatureId: number; catches?: number; days?: number },
  asGameMaster: boolean,
  now = new Date(),
): Promise<Outcome<{ code: string; expiresAt: string }, ShareRefusal>> {
  const [creature] = await db().select({ id: creatures.id }).from(creatures).where(eq(creatures.id, input.creatureId));
  if (!creature) return refused("unknown-creature");
  let maxCatches = 1;
  let expiresAt = new Date(now.getTime() + CATCH_RULES.friendHours * 3600_000);
  if (asGameMaster) {
    maxCatches = Math.min(CATCH_RULES.gmMaxCatches, Math.max(1, input.catches ?? 1));
    expiresAt = new Date(now.getTime() + Math.min(CATCH_RULES.gmMaxDays, Math.max(1, input.days ?? 7)) * 24 * 3600_000);
  } else {
    const [owned] = await db()
      .select({ id: memberCreatures.id })
      .from(memberCreatures)
      .where(and(eq(memberCreatures.memberId, memberId), eq(memberCreatures.creatureId, creature.id)));
    if (!owned) return refused("not-yours");
    const [today] = await db()
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${catchLinks.createdAt})` })
      .from(catchLinks)
      .where(and(eq(catchLinks.createdBy, memberId), gt(catchLinks.createdAt, new Date(now.getTime() - DAY_MS))));
    if ((today?.n ?? 0) >= CATCH_RULES.friendLinksPerDay) {
      // A place frees when the oldest link of the last 24 hours leaves them: the message's
      // wait and the 429's Retry-After say when (without it, the message read "in {{wait}}").
      const freedAt = new Date(today!.oldest ?? now).getTime() + DAY_MS;
      return refused("too-many-links", { retryAfter: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)) });
    }
  }
  const code = newCatchCode();
  await db().insert(catchLinks).values({ code, creatureId: creature.id, createdBy: memberId, maxCatches, expiresAt, createdAt: now });
  return done({ code, expiresAt: expiresAt.toISOString() });
}

/** A link as /kidnap shows it before the catch: its beamkin and whether it can still be used. */
export async function catchLinkByCode(code: string, memberId: number | null, now = new Date()) {
  const cleaned = code.trim().toUpperCase();
  if (!/^[0-9A-Z]{20}$/.test(cleaned)) return null;
  const [row] = await db()
    .select({ link: catchLinks, creature: { id: creatures.id, slug: creatures.slug, name: creatures.name, imageUrl: creatures.imageUrl } })
    .from(catchLinks)
    .innerJoin(creatures, eq(creatures.id, catchLinks.creatureId))
    .where(eq(catchLinks.code, cleaned));
  if (!row) return null;
  const [owned] = memberId
    ? await db()
        .select({ id: memberCreatures.id })
        .from(memberCreatures)
        .where(and(eq(memberCreatures.memberId, memberId), eq(memberCreatures.creatureId, row.creature.id)))
    : [];
  const [caught] = memberId
    ? await db()
        .select({ at: catchLinkCatches.caughtAt })
        .from(catchLinkCatches)
        .where(and(eq(catchLinkCatches.linkId, row.link.id), eq(catchLinkCatches.memberId, memberId)))
    : [];
  const state = caught
    ? "caught"
    : row.link.expiresAt <= now
      ? "expired"
      : row.link.catches >= row.link.maxCatches
        ? "used"
        : owned
          ? "owned"
          : "ready";
  return { code: row.link.code, creature: row.creature, state, expiresAt: row.link.expiresAt.toISOString(), catchesLeft: Math.max(0, row.link.maxCatches - row.link.catches) } as const;
}

export type CatchRefusal = "unknown-link" | "expired" | "used" | "already-yours";

export async function catchBeamkin(memberId: number, code: string, now = new Date()): Promise<Outcome<{ creatureId: number; slug: string; name: string }, CatchRefusal>> {
  const cleaned = code.trim().toUpperCase();
  if (!/^[0-9A-Z]{20}$/.test(cleaned)) return refused("unknown-link");
  return transaction(async (tx) => {
    const [link] = await tx.select().from(catchLinks).where(eq(catchLinks.code, cleaned)).for("update");
    if (!link) return refused("unknown-link");
    const [creature] = await tx.select({ id: creatures.id, slug: creatures.slug, name: creatures.name }).from(creatures).where(eq(creatures.id, link.creatureId));
    if (!creature) return refused("unknown-link");
    const [caught] = await tx
      .select({ at: catchLinkCatches.caughtAt })
      .from(catchLinkCatches)
      .where(and(eq(catchLinkCatches.linkId, link.id), eq(catchLinkCatches.memberId, memberId)));
    if (caught) return refused("already-yours", { details: { name: creature.name } });
    if (link.expiresAt <= now) return refused("expired", { details: { expired: link.expiresAt.toISOString() } });
    if (link.catches >= link.maxCatches) return refused("used");
    if (!(await grantBeamkin(tx, memberId, creature.id, "kidnap", now))) return refused("already-yours", { details: { name: creature.name } });
    const [spent] = await tx
      .update(catchLinks)
      .set({ catches: sql`${catchLinks.catches} + 1` })
      .where(and(eq(catchLinks.id, link.id), sql`${catchLinks.catches} < ${catchLinks.maxCatches}`))
      .returning({ id: catchLinks.id });
    // Checked under the row lock above; kept as the rule's last word.
    if (!spent) throw new Error("catch link spent while locked");
    await tx.insert(catchLinkCatches).values({ linkId: link.id, memberId, caughtAt: now });
    return done({ creatureId: creature.id, slug: creature.slug, name: creature.name });
  });
}
