/**
 * Member light: a ledger (light_ledger) and a balance column (members.light_balance,
 * CHECK >= 0) changed together in one transaction. Earned by play, spent by giving light
 * to an owned beamkin (member_creatures.light, CHECK 0–100).
 */
import { and, eq, gte, type Placeholder, sql } from "drizzle-orm";
import { db, type Database } from "~/platform/db/db.server";
import { creatureLightEvents, creatures, lightLedger, memberCreatures, members, type Member } from "~/platform/db/schema";
import { publish } from "~/platform/happened.server";
import { transaction } from "~/platform/db/transaction.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import type { BeamkinRefusal } from "./errors";
import { DAILY_VISIT_LIGHT, isCreatureId, LIGHT_MAX } from "./rules";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type LightReason =
  | "daily-visit"
  | "quest-step"
  | "salute-received"
  | "treasure"
  | "prize"
  | "give-light";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day, YYYY-MM-DD (the daily visit and the chat cap count UTC days). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function startOfUtcDay(now: Date): Date {
  return new Date(`${utcDay(now)}T00:00:00.000Z`);
}

/** GET /getMemberLight/: light the member holds and can give. */
export async function memberLight(memberId: number): Promise<number> {
  const [row] = await db()
    .select({ balance: members.lightBalance })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.balance ?? 0;
}

/**
 * GET /getMemberLightByTime/ (time default 1): light the member earned and gave in the
 * last `days` days (rolling, from now).
 */
export async function memberLightOverDays(memberId: number, days = 1, now = new Date()) {
  const [row] = await lightOverDaysQuery(db(), memberId, lightSince(days, now));
  return { days: lightSpan(days), earned: row?.earned ?? 0, spent: row?.spent ?? 0 };
}

/** The span a light count covers: whole days, 1 to 3650 (anything else counts 1). */
export function lightSpan(days: number): number {
  return Number.isSafeInteger(days) && days >= 1 ? Math.min(days, 3650) : 1;
}

/** The moment a count over `days` days starts (rolling, from now), as the statement takes it. */
export function lightSince(days: number, now: Date): string {
  return new Date(now.getTime() - lightSpan(days) * DAY_MS).toISOString();
}

/**
 * The statement of memberLightOverDays (one row), for pages that fold it into another. The
 * member and the moment may be placeholders (`memberId`, `since`), for a statement built once.
 */
export function lightOverDaysQuery(database: Database, memberId: number | Placeholder, since: string | Placeholder) {
  return database
    .select({
      earned: sql<number>`coalesce(sum(${lightLedger.delta}) filter (where ${lightLedger.delta} > 0), 0)::int`.as("earned"),
      spent: sql<number>`coalesce(-sum(${lightLedger.delta}) filter (where ${lightLedger.delta} < 0), 0)::int`.as("spent"),
    })
    .from(lightLedger)
    .where(and(eq(lightLedger.memberId, memberId), sql`${lightLedger.createdAt} > ${since}::timestamptz`));
}

/**
 * Adds earned member light with its reason (quests, salutes, treasures and prizes call
 * this). Pass `tx` to make it part of a larger change.
 */
export async function earnMemberLight(
  memberId: number,
  amount: number,
  reason: LightReason,
  ref?: string | null,
  tx?: Tx,
): Promise<number> {
  // A programming error, not a member's: every caller awards a fixed positive amount.
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`earnMemberLight: ${amount} is not a positive whole amount`);
  const run = async (t: Tx) => {
    const [row] = await t
      .update(members)
      .set({ lightBalance: sql`${members.lightBalance} + ${amount}` })
      .where(eq(members.id, memberId))
      .returning({ balance: members.lightBalance });
    await t.insert(lightLedger).values({ memberId, delta: amount, reason, ref: ref ?? null });
    return row?.balance ?? 0;
  };
  return tx ? run(tx) : db().transaction(run);
}

/**
 * The daily visit: the first page view of a UTC day earns DAILY_VISIT_LIGHT. Idempotent
 * per day — the conditional update on members.last_visit_day lets exactly one request win.
 * Returns the light awarded (0 when already counted today).
 */
export async function awardDailyVisit(memberId: number, now = new Date()): Promise<number> {
  return (await countDailyVisit(memberId, now)).awarded;
}

/**
 * The daily visit for a member row read during this request (the session lookup's), and
 * the light balance after it. No statement at all when that row already counts today:
 * last_visit_day only moves forward, so a row that says today is still right.
 */
export async function dailyVisitBalance(
  member: Pick<Member, "id" | "lastVisitDay" | "lightBalance">,
  now = new Date(),
): Promise<number> {
  if (member.lastVisitDay !== null && member.lastVisitDay >= utcDay(now)) return member.lightBalance;
  const { balance } = await countDailyVisit(member.id, now);
  if (balance !== null) return balance;
  // Another request counted today first; its light is in the balance now.
  return memberLight(member.id);
}

async function countDailyVisit(memberId: number, now: Date): Promise<{ awarded: number; balance: number | null }> {
  const today = utcDay(now);
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(members)
      .set({
        lastVisitDay: today,
        lightBalance: sql`${members.lightBalance} + ${DAILY_VISIT_LIGHT}`,
      })
      .where(
        and(
          eq(members.id, memberId),
          sql`(${members.lastVisitDay} is null or ${members.lastVisitDay} < ${today})`,
        ),
      )
      .returning({ balance: members.lightBalance });
    if (!row) return { awarded: 0, balance: null };
    await tx
      .insert(lightLedger)
      .values({ memberId, delta: DAILY_VISIT_LIGHT, reason: "daily-visit", ref: today, createdAt: now });
    return { awarded: DAILY_VISIT_LIGHT, balance: row.balance };
  });
}

export interface LightGiven {
  /** The beamkin's light after the gift. */
  light: number;
  /** The member's light left to give. */
  balance: number;
  /** The beamkin's name (a `beamkins:` translation key). */
  name: string;
}

/**
 * POST /giveCreatureLight/: moves `amount` of the member's light into a beamkin they own.
 * Refused when it is more than the balance, not their beamkin, or would pass 100. Both
 * updates are conditional, so racing gives can never overspend or overfill; a refusal
 * found after the payment rolls the payment back.
 */
export async function giveLight(
  memberId: number,
  creatureId: number,
  amount: number,
): Promise<Outcome<LightGiven, BeamkinRefusal>> {
  // Before the database: it refuses a number its integer column cannot hold with an error.
  if (!isCreatureId(creatureId)) return refused("unknown-creature");
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > LIGHT_MAX) return refused("invalid-amount");
  return transaction(async (tx): Promise<Outcome<LightGiven, BeamkinRefusal>> => {
    const [paid] = await tx
      .update(members)
      .set({ lightBalance: sql`${members.lightBalance} - ${amount}` })
      .where(and(eq(members.id, memberId), gte(members.lightBalance, amount)))
      .returning({ balance: members.lightBalance });
    const [owned] = await tx
      .select({ id: memberCreatures.id, light: memberCreatures.light, name: creatures.name })
      .from(memberCreatures)
      .innerJoin(creatures, eq(creatures.id, memberCreatures.creatureId))
      .where(and(eq(memberCreatures.memberId, memberId), eq(memberCreatures.creatureId, creatureId)));
    // A refusal from here on rolls the payment back (transaction()).
    if (!owned) {
      // Inside the transaction: PGlite is one connection, a query outside it would wait forever.
      const [exists] = await tx.select({ id: creatures.id }).from(creatures).where(eq(creatures.id, creatureId));
      return refused(exists ? "not-yours" : "unknown-creature");
    }
    if (!paid) return refused("not-enough-light", { details: { balance: await balanceIn(tx, memberId) } });

    const [filled] = await tx
      .update(memberCreatures)
      .set({ light: sql`${memberCreatures.light} + ${amount}` })
      .where(and(eq(memberCreatures.id, owned.id), sql`${memberCreatures.light} + ${amount} <= ${LIGHT_MAX}`))
      .returning({ light: memberCreatures.light });
    if (!filled) {
      const [now] = await tx
        .select({ light: memberCreatures.light })
        .from(memberCreatures)
        .where(eq(memberCreatures.id, owned.id));
      return refused("too-bright", { details: { room: Math.max(0, LIGHT_MAX - (now?.light ?? LIGHT_MAX)) } });
    }
    await tx
      .insert(lightLedger)
      .values({ memberId, delta: -amount, reason: "give-light", ref: String(creatureId) });
    await tx
      .insert(creatureLightEvents)
      .values({ memberCreatureId: owned.id, delta: amount, reason: "give-light" });
    await publish(tx, { what: "light", memberId, target: creatureId });
    return done({ light: filled.light, balance: paid.balance, name: owned.name });
  });
}

async function balanceIn(tx: Tx, memberId: number) {
  const [row] = await tx.select({ balance: members.lightBalance }).from(members).where(eq(members.id, memberId));
  return row?.balance ?? 0;
}
