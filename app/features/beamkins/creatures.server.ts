/**
 * The creature calls of spec section 7 that read or change which beamkins a member has:
 * get a creature, member creatures, obtain, choose the active one, corral or release.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Database } from "~/platform/db/db.server";
import { creatures, memberCreatures as ownership, members } from "~/platform/db/schema";
import { writePost } from "~/features/feed/index.server";
import { transaction } from "~/platform/db/transaction.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import type { BeamkinRefusal } from "./errors";
import { lightOverDaysQuery, lightSince, lightSpan } from "./light.server";
import { clampLight, isCreatureId, STARTING_LIGHT } from "./rules";
import type { Personality } from "./catalogue";

export type Creature = typeof creatures.$inferSelect;

/** The spec's Creature: ID, Name (a translation key here), ImageURL, Light. */
export interface OwnedBeamkin {
  id: number;
  slug: string;
  name: string;
  personality: Personality;
  imageUrl: string;
  light: number;
  obtainedAt: string;
  obtainedVia: string;
}

export type ObtainedVia = "starter" | "signup" | "prize" | "kidnap";

/** GET /getCreature/: one catalogue entry, or null. */
export async function getCreature(creatureId: number): Promise<Creature | null> {
  if (!isCreatureId(creatureId)) return null;
  const [row] = await db().select().from(creatures).where(eq(creatures.id, creatureId)).limit(1);
  return row ?? null;
}

/**
 * The catalogue, read once per database connection: creatures are written only by the
 * demo seed and the migrations, never while members play. An empty read (a database
 * not seeded yet) is not kept.
 */
const catalogues = new WeakMap<Database, Promise<Creature[]>>();

export async function listCatalogue(): Promise<Creature[]> {
  const database = db();
  let read = catalogues.get(database);
  if (!read) {
    read = Promise.resolve(database.select().from(creatures).orderBy(asc(creatures.id)));
    catalogues.set(database, read);
    read.then(
      (rows) => rows.length === 0 && catalogues.delete(database),
      () => catalogues.delete(database),
    );
  }
  return (await read).slice();
}

/** The catalogue by id; read again once when a creature is missing (a seed ran since). */
async function catalogueById(ids: number[]): Promise<Map<number, Creature>> {
  let byId = new Map((await listCatalogue()).map((c) => [c.id, c]));
  if (ids.some((id) => !byId.has(id))) {
    catalogues.delete(db());
    byId = new Map((await listCatalogue()).map((c) => [c.id, c]));
  }
  return byId;
}

/**
 * The /beamkins page's reads in one statement: the member's beamkins (as memberCreatures
 * lists them) and the light they earned and gave in the last `days` days (as
 * memberLightOverDays counts it). The creatures' own columns come from the catalogue.
 * Built once per database, as a prepared statement (drizzle's `.prepare()`): the query,
 * with its joins, sub-select and placeholders, is not built again for every view.
 */
const overviewStatements = new WeakMap<Database, ReturnType<typeof prepareOverview>>();

function prepareOverview(database: Database) {
  const recent = lightOverDaysQuery(database, sql.placeholder("memberId"), sql.placeholder("since")).as("recent");
  return database
    .select({ earned: recent.earned, spent: recent.spent, owned: ownership })
    .from(recent)
    .leftJoin(ownership, eq(ownership.memberId, sql.placeholder("memberId")))
    .orderBy(asc(ownership.obtainedAt), asc(ownership.id))
    .prepare("glow_beamkins_overview");
}

export async function beamkinsOverview(memberId: number, days = 1, now = new Date()) {
  const database = db();
  let statement = overviewStatements.get(database);
  if (!statement) overviewStatements.set(database, (statement = prepareOverview(database)));
  const rows = await statement.execute({ memberId, since: lightSince(days, now) });
  const held = rows.flatMap((r) => (r.owned ? [r.owned] : []));
  const catalogue = await catalogueById(held.map((o) => o.creatureId));
  const owned = held.flatMap((o) => {
    const creature = catalogue.get(o.creatureId);
    return creature ? [toOwned(creature, o)] : [];
  });
  return {
    owned,
    recent: { days: lightSpan(days), earned: rows[0]?.earned ?? 0, spent: rows[0]?.spent ?? 0 },
  };
}

/** GET /getMemberCreatures/: the member's beamkins with their light, oldest friend first. */
export async function memberCreatures(memberId: number): Promise<OwnedBeamkin[]> {
  const rows = await db()
    .select({ creature: creatures, owned: ownership })
    .from(ownership)
    .innerJoin(creatures, eq(creatures.id, ownership.creatureId))
    .where(eq(ownership.memberId, memberId))
    .orderBy(asc(ownership.obtainedAt), asc(ownership.id));
  return rows.map(({ creature, owned }) => toOwned(creature, owned));
}

/** One of the member's beamkins, or null when they do not own it. */
export async function memberCreature(memberId: number, creatureId: number): Promise<OwnedBeamkin | null> {
  if (!isCreatureId(creatureId)) return null;
  const [row] = await db()
    .select({ creature: creatures, owned: ownership })
    .from(ownership)
    .innerJoin(creatures, eq(creatures.id, ownership.creatureId))
    .where(and(eq(ownership.memberId, memberId), eq(ownership.creatureId, creatureId)))
    .limit(1);
  return row ? toOwned(row.creature, row.owned) : null;
}

/**
 * One of the member's beamkins, or the refusal saying why not: "unknown-creature" (404)
 * when no such beamkin exists, "not-yours" (403) when it is someone else's.
 */
export async function ownedCreature(
  memberId: number,
  creatureId: number,
): Promise<Outcome<OwnedBeamkin, "unknown-creature" | "not-yours">> {
  const owned = await memberCreature(memberId, creatureId);
  if (owned) return done(owned);
  return refused((await getCreature(creatureId)) ? "not-yours" : "unknown-creature");
}

function toOwned(creature: Creature, owned: typeof ownership.$inferSelect): OwnedBeamkin {
  return {
    id: creature.id,
    slug: creature.slug,
    name: creature.name,
    personality: creature.personality as Personality,
    imageUrl: creature.imageUrl,
    light: clampLight(owned.light),
    obtainedAt: owned.obtainedAt.toISOString(),
    obtainedVia: owned.obtainedVia,
  };
}

/**
 * POST /obtaincreature/. From /beamkins ("starter") a member without any beamkin may
 * pick one starter; the signup quest, prize boxes and catch links pass their own `via`
 * and may give any catalogue beamkin. A member with no active beamkin gets this one as
 * their companion. The member row is locked so two racing picks cannot both land.
 */
export async function obtainCreature(
  memberId: number,
  creatureId: number,
  via: ObtainedVia,
): Promise<Outcome<OwnedBeamkin, BeamkinRefusal>> {
  const creature = await getCreature(creatureId);
  if (!creature) return refused("unknown-creature");
  if (via === "starter" && !creature.starter) return refused("not-a-starter");

  const obtained = await transaction(async (tx): Promise<Outcome<null, BeamkinRefusal>> => {
    const [member] = await tx
      .select({ id: members.id, creatureId: members.creatureId })
      .from(members)
      .where(eq(members.id, memberId))
      .for("update");
    if (!member) return refused("unknown-creature");
    const [owned] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        mine: sql<number>`count(*) filter (where ${ownership.creatureId} = ${creatureId})::int`,
      })
      .from(ownership)
      .where(eq(ownership.memberId, memberId));
    if ((owned?.mine ?? 0) > 0) return refused("already-yours");
    if (via === "starter" && (owned?.n ?? 0) > 0) return refused("has-beamkin");
    await tx.insert(ownership).values({ memberId, creatureId, light: STARTING_LIGHT, obtainedVia: via });
    if (member.creatureId === 0) {
      await tx.update(members).set({ creatureId }).where(eq(members.id, memberId));
    }
    await writePost({ type: "beamkin", actorId: memberId, refId: creatureId }, tx);
    return done(null);
  });
  if (!obtained.ok) return obtained;
  return done((await memberCreature(memberId, creatureId))!);
}

/** Makes an owned beamkin the member's companion (CreatureID); 0 means none. */
export async function chooseActiveCreature(
  memberId: number,
  creatureId: number,
): Promise<Outcome<OwnedBeamkin | null, "unknown-creature" | "not-yours">> {
  let chosen: OwnedBeamkin | null = null;
  if (creatureId !== 0) {
    const owned = await ownedCreature(memberId, creatureId);
    if (!owned.ok) return owned;
    chosen = owned.value;
  }
  await db().update(members).set({ creatureId }).where(eq(members.id, memberId));
  return done(chosen);
}

/**
 * The backpack: a corralled companion stops floating over the pages, on every device.
 * Answers the companion it concerns (null when the member has none chosen).
 */
export async function setCompanionCorralled(
  member: { id: number; creatureId: number },
  corralled: boolean,
): Promise<Outcome<OwnedBeamkin | null, never>> {
  await db().update(members).set({ companionCorralled: corralled }).where(eq(members.id, member.id));
  return done(await activeCreature(member));
}

/** The member's active beamkin (their CreatureID), if they still own it. */
export async function activeCreature(member: { id: number; creatureId: number }): Promise<OwnedBeamkin | null> {
  if (!member.creatureId) return null;
  return memberCreature(member.id, member.creatureId);
}
