/**
 * Quest progress, only from what the server sees happen. The commands where something
 * happens (a saved avatar, a salute, light given, a chat message, a treasure found, a guess
 * answered, a signup finished, a party joined) publish it inside their own transaction
 * (platform/happened.server.ts) and `countForQuests` hears it there; a page visited is seen
 * by `questVisits` below. Nothing a browser says marks a step done. Decisions 0901, 1202.
 *
 * A step counts in the member's open runs (their solo quests, and their parties' party
 * quests) when its objective matches, its target (if it names one) is the thing done, and
 * it is open: a linear step after every step before it, a free step at any time, a scan
 * step once its code was scanned. Each completed step gives its member light and quest
 * points (a replay gives nothing again); the last one completes the run, writes a feed
 * post and puts a prize box in front of every player of the run.
 */
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { MiddlewareFunction } from "react-router";
import { db } from "~/platform/db/db.server";
import {
  partyMembers,
  prizeBoxes,
  questProgress,
  questRuns,
  quests,
  questSteps,
  questStepUnlocks,
  type QuestObjective,
} from "~/platform/db/schema";
import { keep } from "~/platform/cache";
import { sessionIdOf } from "~/platform/session.server";
import type { Queryable, Tx } from "~/platform/db/transaction.server";
import type { Listener } from "~/platform/happened.server";
import { currentMember } from "~/features/auth/index.server";
import { earnMemberLight } from "~/features/beamkins/index.server";
import { writePost } from "~/features/feed/index.server";
import { awardScore } from "~/features/leaderboard/index.server";
import { ensureBuiltInQuests, SIGNUP_QUEST } from "./built-in.server";
import { placeOf } from "./objectives";

export interface ProgressEvent {
  objective: QuestObjective;
  /** The thing done: a path, a treasure, party or card id, a salute kind. */
  target?: string | number | null;
}

export interface StepDone {
  runId: number;
  questId: number;
  stepId: number;
  /** This step finished the quest. */
  questCompleted: boolean;
}

type Step = typeof questSteps.$inferSelect;
type Run = typeof questRuns.$inferSelect;

/** A path as visit targets are written: no trailing slash, no query. */
export function normalisePath(path: string): string {
  return path.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
}

/**
 * Records that `memberId` did `event`, inside the caller's transaction (`on`), or in a
 * transaction of its own when `on` is the database. Returns the steps it completed.
 */
export async function recordProgress(on: Queryable, memberId: number, event: ProgressEvent, now = new Date()): Promise<StepDone[]> {
  const target = event.target === undefined || event.target === null ? null : String(event.target);
  if (event.objective === "signup") await ensureBuiltInQuests(on, [SIGNUP_QUEST]);
  // Most actions are no quest step's objective: one read, and nothing more, in that case.
  const candidates = await on
    .select({ step: questSteps, starts: quests.starts, kind: quests.kind, status: quests.status, contestId: quests.contestId })
    .from(questSteps)
    .innerJoin(quests, eq(quests.id, questSteps.questId))
    .where(and(eq(questSteps.objective, event.objective), target === null ? isNull(questSteps.target) : or(isNull(questSteps.target), eq(questSteps.target, target))));
  if (candidates.length === 0) return [];
  // A savepoint inside the caller's transaction: the progress stands or falls with the action.
  return on.transaction((tx) => advance(tx, memberId, candidates, now));
}

/**
 * What members do, as quest progress: in the publishing command's transaction, so a step
 * counts exactly when the action does (wired in app/listeners.server.ts).
 */
export const countForQuests: Listener = (on, happening) =>
  recordProgress(on, happening.memberId, { objective: happening.what, target: happening.target }, happening.at);

/** The parties a member belongs to. */
function partiesOf(tx: Queryable, memberId: number) {
  return tx.select({ partyId: partyMembers.partyId }).from(partyMembers).where(eq(partyMembers.memberId, memberId));
}

async function advance(
  tx: Tx,
  memberId: number,
  candidates: Array<{ step: Step; starts: string; kind: string; status: string; contestId: number | null }>,
  now: Date,
): Promise<StepDone[]> {
  const questIds = [...new Set(candidates.map((c) => c.step.questId))];
  const runs = await tx
    .select()
    .from(questRuns)
    .where(
      and(
        inArray(questRuns.questId, questIds),
        isNull(questRuns.completedAt),
        isNull(questRuns.skippedAt),
        or(eq(questRuns.memberId, memberId), inArray(questRuns.partyId, partiesOf(tx, memberId))),
      ),
    );

  // Quests that run by themselves ('Complete Signup') start with the first thing that counts.
  const autoQuests = [...new Set(candidates.filter((c) => c.starts === "auto" && c.kind === "solo" && c.status === "published").map((c) => c.step.questId))];
  for (const questId of autoQuests) {
    if (runs.some((r) => r.questId === questId)) continue;
    const [played] = await tx
      .select({ id: questRuns.id })
      .from(questRuns)
      .where(and(eq(questRuns.questId, questId), eq(questRuns.memberId, memberId)))
      .limit(1);
    if (played) continue;
    const [run] = await tx.insert(questRuns).values({ questId, memberId, startedAt: now }).onConflictDoNothing().returning();
    if (run) runs.push(run);
  }

  const done: StepDone[] = [];
  for (const run of runs) {
    const ofRun = candidates.filter((c) => c.step.questId === run.questId);
    done.push(...(await advanceRun(tx, run, memberId, ofRun.map((c) => c.step), now, ofRun[0]?.contestId ?? null)));
  }
  return done;
}

/** Which of a run's steps are open now (not done, and unlocked by their rule). */
export function openSteps(steps: readonly Step[], doneIds: ReadonlySet<number>, unlockedIds: ReadonlySet<number>): Step[] {
  const ordered = [...steps].sort((a, b) => a.position - b.position);
  return ordered.filter((step) => {
    if (doneIds.has(step.id)) return false;
    if (step.unlock === "free") return true;
    if (step.unlock === "scan") return unlockedIds.has(step.id);
    return ordered.filter((s) => s.position < step.position).every((s) => doneIds.has(s.id));
  });
}

async function stateOf(tx: Queryable, run: Pick<Run, "id" | "questId">) {
  // One after another: a transaction is one connection, which answers one query at a time
  // (pg queues parallel ones with a deprecation warning; pg 9 refuses them).
  const steps = await tx.select().from(questSteps).where(eq(questSteps.questId, run.questId)).orderBy(asc(questSteps.position));
  const done = await tx.select({ stepId: questProgress.stepId }).from(questProgress).where(eq(questProgress.runId, run.id));
  const unlocked = await tx.select({ stepId: questStepUnlocks.stepId }).from(questStepUnlocks).where(eq(questStepUnlocks.runId, run.id));
  return { steps, doneIds: new Set(done.map((d) => d.stepId)), unlockedIds: new Set(unlocked.map((u) => u.stepId)) };
}

async function advanceRun(tx: Tx, run: Run, memberId: number, matching: Step[], now: Date, contestId: number | null): Promise<StepDone[]> {
  const { steps, doneIds, unlockedIds } = await stateOf(tx, run);
  const open = new Set(openSteps(steps, doneIds, unlockedIds).map((s) => s.id));
  const done: StepDone[] = [];
  for (const step of matching) {
    if (!open.has(step.id)) continue;
    const points = run.replay ? 0 : step.points;
    const light = run.replay ? 0 : step.lightReward;
    const [inserted] = await tx
      .insert(questProgress)
      .values({ runId: run.id, stepId: step.id, memberId, points, light, completedAt: now })
      .onConflictDoNothing()
      .returning({ stepId: questProgress.stepId });
    if (!inserted) continue;
    doneIds.add(step.id);
    if (light > 0) await earnMemberLight(memberId, light, "quest-step", `step:${step.id}`, tx);
    // A contest's quest points count for the member's party in that contest only (docs/parties.md).
    if (points > 0) await awardScore(tx, memberId, { questPoints: points }, now, contestId === null ? {} : { contestId });
    done.push({ runId: run.id, questId: run.questId, stepId: step.id, questCompleted: false });
  }
  if (done.length > 0 && steps.every((s) => doneIds.has(s.id)) && (await completeRun(tx, run, memberId, now))) {
    done[done.length - 1]!.questCompleted = true;
  }
  return done;
}

/** The run's last step is done: close it (once), a feed post, a prize box for each player. */
async function completeRun(tx: Tx, run: Run, memberId: number, now: Date): Promise<boolean> {
  const [closed] = await tx
    .update(questRuns)
    .set({ completedAt: now })
    .where(and(eq(questRuns.id, run.id), isNull(questRuns.completedAt)))
    .returning({ id: questRuns.id });
  if (!closed) return false;
  if (!run.replay) {
    const players = run.partyId === null
      ? [memberId]
      : (await tx.select({ memberId: partyMembers.memberId }).from(partyMembers).where(eq(partyMembers.partyId, run.partyId))).map((p) => p.memberId);
    if (players.length) {
      await tx.insert(prizeBoxes).values(players.map((player) => ({ memberId: player, questId: run.questId, runId: run.id, createdAt: now })));
    }
    await writePost({ type: "quest", actorId: memberId, refId: run.questId, createdAt: now }, tx);
  }
  return true;
}

// ── Where steps live: the pages a visit counts on, the pages the companion speaks on ──

/**
 * The paths "visit" steps target, and the pages any step is done on. Kept for a while:
 * quest steps are authored rarely, and the game master's writes in this process forget
 * them at once (`forgetStepPlaces`). Key: always "steps" (one answer per process).
 */
const stepPlaces = keep<"steps", { visits: ReadonlySet<string>; places: ReadonlySet<string> }>({
  max: 1,
  ttlMs: 30_000,
  load: async () => {
    const rows = await db()
      .select({ objective: questSteps.objective, target: questSteps.target, place: questSteps.place })
      .from(questSteps);
    const visits = new Set<string>();
    const places = new Set<string>();
    for (const row of rows) {
      if (row.objective === "visit" && row.target) visits.add(normalisePath(row.target));
      const place = row.place ?? placeOf(row.objective as QuestObjective, row.target);
      if (place) places.add(normalisePath(place));
    }
    return { visits, places };
  },
});

export function forgetStepPlaces() {
  stepPlaces.forget();
}

/** Whether some quest step is done on this page (its companion may have lines here). */
export async function isStepPlace(pathname: string): Promise<boolean> {
  return (await stepPlaces.get("steps")).places.has(normalisePath(pathname));
}

/** A member opened a page: the "visit" steps that target it count. */
export async function recordVisit(memberId: number, pathname: string, now = new Date()) {
  const path = normalisePath(pathname);
  if (!(await stepPlaces.get("steps")).visits.has(path)) return [];
  return recordProgress(db(), memberId, { objective: "visit", target: path }, now);
}

/** The page a GET is for: a document, or React Router's data request for it (/x.data, /_root.data). */
export function pageOf(url: URL): string {
  if (url.pathname === "/_root.data") return "/";
  return normalisePath(url.pathname.replace(/\.data$/, ""));
}

/**
 * Root middleware: a page a member opens counts for their "visit" quest steps. In the
 * middleware rather than a loader because a client-side navigation runs only the new
 * page's loaders, yet every page and data request passes through here. Pages no step
 * targets cost no database question (and no member lookup), and neither does a request
 * without a session (only a member's visit counts).
 */
export const questVisits: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === "GET" && (await sessionIdOf(request))) {
    const page = pageOf(new URL(request.url));
    if ((await stepPlaces.get("steps")).visits.has(page)) {
      const me = await currentMember(context);
      if (me) await recordVisit(me.member.id, page);
    }
  }
  return next();
};
