/**
 * Playing quests: choosing one (/choose-quest), the quest map (/playquest), skipping,
 * replaying, and opening a "scan a code to start" step. Progress itself is recorded only by
 * progress.server.ts, from what the server sees happen.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import {
  contests,
  members,
  parties,
  partyMembers,
  prizeBoxes,
  questProgress,
  questRuns,
  quests,
  questSteps,
  questStepUnlocks,
  type QuestObjective,
} from "~/platform/db/schema";
import { done, refused, type Outcome } from "~/platform/outcome";
import type { Language } from "~/platform/i18n";
import { randomCode } from "~/platform/random-code.server";
import { displayName } from "~/features/members/index.server";
import { ensureBuiltInQuests, SIGNUP_QUEST, TUTORIAL_QUEST } from "./built-in.server";
import { placeOf, taskKey } from "./objectives";
import { isStepPlace, normalisePath, openSteps } from "./progress.server";
import { inLanguage, spoken, type ShownText } from "./text";

type Quest = typeof quests.$inferSelect;

/** The party a member plays a party quest with: their party in the quest's contest. */
export async function partyForQuest(memberId: number, contestId: number | null) {
  const [row] = await db()
    .select({ id: parties.id, name: parties.name, joinedAt: partyMembers.joinedAt })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .where(and(eq(partyMembers.memberId, memberId), contestId === null ? undefined : eq(parties.contestId, contestId)))
    .orderBy(asc(partyMembers.joinedAt))
    .limit(1);
  return row ?? null;
}

/** Quests a member may start: published, chosen (not automatic), outside or in a live contest. */
function playable() {
  return and(
    eq(quests.status, "published"),
    eq(quests.starts, "choose"),
    or(isNull(quests.contestId), sql`exists (select 1 from ${contests} c where c.id = "quests"."contest_id" and c.status = 'Active')`),
  );
}

export type StartRefusal = "no-quest" | "needs-party" | "finished";

/**
 * Starts a quest for the member (solo) or their party (party quest). Starting a quest
 * already under way is no change: a double press lands on the same run.
 */
export async function startQuest(memberId: number, questId: number, now = new Date()): Promise<Outcome<{ runId: number }, StartRefusal>> {
  const [quest] = await db().select().from(quests).where(and(eq(quests.id, questId), playable()));
  if (!quest) return refused("no-quest");
  if (quest.kind === "party") {
    const party = await partyForQuest(memberId, quest.contestId);
    if (!party) return refused("needs-party");
    return done({ runId: await openRun(quest, { partyId: party.id }, false, now) });
  }
  const [finished] = await db()
    .select({ id: questRuns.id })
    .from(questRuns)
    .where(and(eq(questRuns.questId, quest.id), eq(questRuns.memberId, memberId), isNotNull(questRuns.completedAt)))
    .limit(1);
  if (finished) return refused("finished");
  return done({ runId: await openRun(quest, { memberId }, false, now) });
}

/** The open run of a quest for a player, made when there is none (the partial unique index settles races). */
async function openRun(quest: Quest, player: { memberId: number } | { partyId: number }, replay: boolean, now: Date) {
  const who = "memberId" in player ? eq(questRuns.memberId, player.memberId) : eq(questRuns.partyId, player.partyId);
  const open = and(eq(questRuns.questId, quest.id), who, isNull(questRuns.completedAt), isNull(questRuns.skippedAt));
  await db().insert(questRuns).values({ questId: quest.id, ...player, replay, startedAt: now }).onConflictDoNothing();
  const [run] = await db().select({ id: questRuns.id }).from(questRuns).where(open).limit(1);
  return run!.id;
}

export type ReplayRefusal = "no-quest" | "not-finished";

/** Plays a finished solo quest again; a replay earns nothing again and opens no box. */
export async function replayQuest(memberId: number, questId: number, now = new Date()): Promise<Outcome<{ runId: number }, ReplayRefusal>> {
  const [quest] = await db().select().from(quests).where(and(eq(quests.id, questId), eq(quests.kind, "solo"), eq(quests.status, "published")));
  if (!quest) return refused("no-quest");
  const [finished] = await db()
    .select({ id: questRuns.id })
    .from(questRuns)
    .where(and(eq(questRuns.questId, quest.id), eq(questRuns.memberId, memberId), or(isNotNull(questRuns.completedAt), isNotNull(questRuns.skippedAt))))
    .limit(1);
  if (!finished) return refused("not-finished");
  return done({ runId: await openRun(quest, { memberId }, true, now) });
}

export type SkipRefusal = "no-run";

/** Leaves a solo quest under way (the tutorial is skippable); what was earned stays. */
export async function skipQuest(memberId: number, runId: number, now = new Date()): Promise<Outcome<{ questId: number }, SkipRefusal>> {
  const [run] = await db()
    .update(questRuns)
    .set({ skippedAt: now })
    .where(and(eq(questRuns.id, runId), eq(questRuns.memberId, memberId), isNull(questRuns.completedAt), isNull(questRuns.skippedAt)))
    .returning({ questId: questRuns.questId });
  return run ? done(run) : refused("no-run");
}

export type ScanRefusal = "unknown-code" | "needs-party" | "finished";

/** A "scan a code to start" step's code: the quest starts if need be and the step opens. */
export async function scanStepCode(memberId: number, code: string, now = new Date()): Promise<Outcome<{ runId: number; questId: number }, ScanRefusal>> {
  const cleaned = code.trim();
  if (!cleaned || cleaned.length > 64) return refused("unknown-code");
  const [row] = await db()
    .select({ step: questSteps, quest: quests })
    .from(questSteps)
    .innerJoin(quests, eq(quests.id, questSteps.questId))
    .where(and(eq(questSteps.startCode, cleaned), eq(questSteps.unlock, "scan"), eq(quests.status, "published")));
  if (!row) return refused("unknown-code");
  let runId: number;
  if (row.quest.kind === "party") {
    const party = await partyForQuest(memberId, row.quest.contestId);
    if (!party) return refused("needs-party");
    runId = await openRun(row.quest, { partyId: party.id }, false, now);
  } else {
    const started = await startQuest(memberId, row.quest.id, now);
    if (!started.ok) return started.refusal === "needs-party" ? refused("needs-party") : started.refusal === "finished" ? refused("finished") : refused("unknown-code");
    runId = started.value.runId;
  }
  await db().insert(questStepUnlocks).values({ runId, stepId: row.step.id, unlockedAt: now }).onConflictDoNothing();
  return done({ runId, questId: row.quest.id });
}

/** A new step code: 20 characters of 32 (100 random bits). */
export function newStartCode(): string {
  return randomCode(20);
}

// ── Reading: the quest map and the list to choose from ──

export interface MapStep {
  id: number;
  position: number;
  objective: QuestObjective;
  taskKey: string;
  target: string | null;
  place: string | null;
  state: "done" | "open" | "locked" | "scan";
  /** Who did it (party quests), and whether it was the viewer. */
  doneBy: string | null;
  mine: boolean;
  /** Done by the party before the viewer joined it. */
  beforeJoin: boolean;
}

export interface MapRun {
  runId: number;
  questId: number;
  slug: string;
  title: ShownText;
  reward: ShownText;
  kind: "solo" | "party";
  party: { id: number; name: string } | null;
  replay: boolean;
  steps: MapStep[];
  /** Party quests: each member's share of the steps and points. */
  shares: Array<{ name: string; steps: number; points: number; me: boolean }>;
  /** The step the companion talks about now, with its lines. */
  current: { stepId: number; lines: ShownText[] } | null;
}

export interface QuestMap {
  runs: MapRun[];
  finished: Array<{ questId: number; title: ShownText; completedAt: string; replayable: boolean; replay: boolean }>;
  /** Prize boxes waiting to be opened. */
  boxes: Array<{ id: number; questTitle: ShownText | null }>;
  /** Whether to offer the tutorial: only to a member who has not played any quest yet. */
  offerTutorial: { questId: number } | null;
}

/** Everything /playquest shows: open runs (solo and party), finished quests and waiting boxes. */
export async function questMap(memberId: number, lang: Language, speakerName: string): Promise<QuestMap> {
  await ensureBuiltInQuests(db());
  const myParties = await db()
    .select({ id: parties.id, name: parties.name, joinedAt: partyMembers.joinedAt })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .where(eq(partyMembers.memberId, memberId));
  const partyIds = myParties.map((p) => p.id);
  const runRows = await db()
    .select({ run: questRuns, quest: quests })
    .from(questRuns)
    .innerJoin(quests, eq(quests.id, questRuns.questId))
    .where(or(eq(questRuns.memberId, memberId), partyIds.length ? inArray(questRuns.partyId, partyIds) : sql`false`))
    .orderBy(desc(questRuns.startedAt), desc(questRuns.id));

  const open = runRows.filter((r) => r.run.completedAt === null && r.run.skippedAt === null);
  const runs: MapRun[] = [];
  for (const { run, quest } of open) {
    const party = run.partyId === null ? null : (myParties.find((p) => p.id === run.partyId) ?? null);
    runs.push(await mapRun(run, quest, memberId, party, lang, speakerName));
  }

  const finished: QuestMap["finished"] = [];
  const seen = new Set<number>();
  for (const { run, quest } of runRows) {
    if (run.completedAt === null || seen.has(quest.id)) continue;
    seen.add(quest.id);
    finished.push({
      questId: quest.id,
      title: inLanguage(quest.title, lang),
      completedAt: run.completedAt.toISOString(),
      replayable: quest.kind === "solo" && quest.starts === "choose" && !open.some((o) => o.quest.id === quest.id),
      replay: run.replay,
    });
  }

  const boxRows = await db()
    .select({ id: prizeBoxes.id, title: quests.title })
    .from(prizeBoxes)
    .leftJoin(quests, eq(quests.id, prizeBoxes.questId))
    .where(and(eq(prizeBoxes.memberId, memberId), isNull(prizeBoxes.openedAt)))
    .orderBy(asc(prizeBoxes.createdAt), asc(prizeBoxes.id));
  const boxes = boxRows.map((b) => ({ id: b.id, questTitle: b.title ? inLanguage(b.title, lang) : null }));

  const playedChosen = runRows.some((r) => r.quest.starts === "choose");
  let offerTutorial: QuestMap["offerTutorial"] = null;
  if (!playedChosen) {
    const [tutorial] = await db().select({ id: quests.id }).from(quests).where(and(eq(quests.slug, TUTORIAL_QUEST), eq(quests.status, "published")));
    if (tutorial) offerTutorial = { questId: tutorial.id };
  }
  return { runs, finished, boxes, offerTutorial };
}

async function mapRun(
  run: typeof questRuns.$inferSelect,
  quest: Quest,
  viewerId: number,
  party: { id: number; name: string; joinedAt: Date } | null,
  lang: Language,
  speakerName: string,
): Promise<MapRun> {
  const [steps, progress, unlocked] = await Promise.all([
    db().select().from(questSteps).where(eq(questSteps.questId, quest.id)).orderBy(asc(questSteps.position)),
    db()
      .select({ progress: questProgress, member: { id: members.id, firstName: members.firstName, lastName: members.lastName, username: members.username } })
      .from(questProgress)
      .innerJoin(members, eq(members.id, questProgress.memberId))
      .where(eq(questProgress.runId, run.id)),
    db().select({ stepId: questStepUnlocks.stepId }).from(questStepUnlocks).where(eq(questStepUnlocks.runId, run.id)),
  ]);
  const doneBy = new Map(progress.map((p) => [p.progress.stepId, p]));
  const openIds = new Set(openSteps(steps, new Set(doneBy.keys()), new Set(unlocked.map((u) => u.stepId))).map((s) => s.id));
  const mapSteps: MapStep[] = steps.map((step) => {
    const by = doneBy.get(step.id);
    const objective = step.objective as QuestObjective;
    return {
      id: step.id,
      position: step.position,
      objective,
      taskKey: taskKey(objective, step.target),
      target: step.target,
      place: step.place ?? placeOf(objective, step.target),
      state: by ? "done" : openIds.has(step.id) ? "open" : step.unlock === "scan" ? "scan" : "locked",
      doneBy: by ? displayName(by.member, lang) : null,
      mine: by?.member.id === viewerId,
      beforeJoin: Boolean(by && party && by.progress.completedAt < party.joinedAt),
    };
  });
  const shares = new Map<number, { name: string; steps: number; points: number; me: boolean }>();
  for (const p of progress) {
    const share = shares.get(p.member.id) ?? { name: displayName(p.member, lang), steps: 0, points: 0, me: p.member.id === viewerId };
    share.steps += 1;
    share.points += p.progress.points;
    shares.set(p.member.id, share);
  }
  const currentStep = steps.find((s) => openIds.has(s.id)) ?? null;
  return {
    runId: run.id,
    questId: quest.id,
    slug: quest.slug,
    title: inLanguage(quest.title, lang),
    reward: inLanguage(quest.reward, lang),
    kind: quest.kind === "party" ? "party" : "solo",
    party: party ? { id: party.id, name: party.name } : null,
    replay: run.replay,
    steps: mapSteps,
    shares: run.partyId === null ? [] : [...shares.values()].sort((a, b) => b.points - a.points || a.name.localeCompare(b.name)),
    current: currentStep ? { stepId: currentStep.id, lines: currentStep.dialogue.map((line) => spoken(line, lang, speakerName)) } : null,
  };
}

export interface ChoosableQuest {
  id: number;
  slug: string;
  title: ShownText;
  reward: ShownText;
  timeNeeded: number;
  kind: "solo" | "party";
  steps: number;
  contest: string | null;
  state: "new" | "playing" | "finished";
  /** Party quests: the member's party, or null when they have none to play it with. */
  party: { id: number; name: string } | null;
}

/** /choose-quest's list: every quest the member may play, and where they stand with it. */
export async function choosableQuests(memberId: number, lang: Language): Promise<ChoosableQuest[]> {
  await ensureBuiltInQuests(db());
  const rows = await db()
    .select({
      quest: quests,
      contest: contests.name,
      steps: sql<number>`(select count(*)::int from ${questSteps} s where s.quest_id = "quests"."id")`,
    })
    .from(quests)
    .leftJoin(contests, eq(contests.id, quests.contestId))
    .where(playable())
    .orderBy(asc(quests.position), asc(quests.id));
  const myParties = await db()
    .select({ id: parties.id, name: parties.name, contestId: parties.contestId })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .where(eq(partyMembers.memberId, memberId));
  const partyIds = myParties.map((p) => p.id);
  const runs = await db()
    .select({ questId: questRuns.questId, completedAt: questRuns.completedAt, skippedAt: questRuns.skippedAt })
    .from(questRuns)
    .where(or(eq(questRuns.memberId, memberId), partyIds.length ? inArray(questRuns.partyId, partyIds) : sql`false`));
  return rows
    .filter((r) => r.steps > 0)
    .map(({ quest, contest, steps }) => {
      const mine = runs.filter((r) => r.questId === quest.id);
      const state = mine.some((r) => !r.completedAt && !r.skippedAt) ? "playing" : mine.some((r) => r.completedAt) ? "finished" : "new";
      const party = quest.kind === "party" ? (myParties.find((p) => quest.contestId === null || p.contestId === quest.contestId) ?? null) : null;
      return {
        id: quest.id,
        slug: quest.slug,
        title: inLanguage(quest.title, lang),
        reward: inLanguage(quest.reward, lang),
        timeNeeded: quest.timeNeeded,
        kind: quest.kind === "party" ? ("party" as const) : ("solo" as const),
        steps,
        contest,
        state,
        party: party ? { id: party.id, name: party.name } : null,
      };
    });
}

/**
 * The companion's lines on a page: the member's open step whose place is this page (the
 * floating companion speaks them there). Null when no open step lives here.
 */
export async function questDialogueAt(
  pathname: string,
  memberId: number,
  speaker: { slug: string; name: string },
  lang: Language,
): Promise<{ title: string; lines: string[]; speaker: { slug: string; name: string } } | null> {
  if (pathname === "/playquest" || !(await isStepPlace(pathname))) return null;
  const map = await companionSteps(memberId);
  for (const { quest, step } of map) {
    const place = step.place ?? placeOf(step.objective as QuestObjective, step.target);
    if (!place || normalisePath(place) !== normalisePath(pathname)) continue;
    const lines = step.dialogue.map((line) => spoken(line, lang, speaker.name).text).filter(Boolean);
    if (lines.length) return { title: inLanguage(quest.title, lang).text, lines, speaker };
  }
  return null;
}

/**
 * The member's open steps (solo runs only: a party's steps are spoken on /playquest). One
 * statement for every page a step lives on: each open run's steps with whether each is done
 * and unlocked in that run, rather than a statement per run and table.
 */
async function companionSteps(memberId: number) {
  const rows = await db()
    .select({
      runId: questRuns.id,
      title: quests.title,
      step: questSteps,
      done: sql<boolean>`exists (select 1 from ${questProgress} p where p.run_id = ${questRuns.id} and p.step_id = ${questSteps.id})`,
      unlocked: sql<boolean>`exists (select 1 from ${questStepUnlocks} u where u.run_id = ${questRuns.id} and u.step_id = ${questSteps.id})`,
    })
    .from(questRuns)
    .innerJoin(quests, eq(quests.id, questRuns.questId))
    .innerJoin(questSteps, eq(questSteps.questId, questRuns.questId))
    .where(and(eq(questRuns.memberId, memberId), isNull(questRuns.completedAt), isNull(questRuns.skippedAt)))
    .orderBy(asc(questRuns.id), asc(questSteps.position));
  const runs = new Map<number, { title: Quest["title"]; steps: (typeof questSteps.$inferSelect)[]; done: Set<number>; unlocked: Set<number> }>();
  for (const row of rows) {
    let run = runs.get(row.runId);
    if (!run) runs.set(row.runId, (run = { title: row.title, steps: [], done: new Set(), unlocked: new Set() }));
    run.steps.push(row.step);
    if (row.done) run.done.add(row.step.id);
    if (row.unlocked) run.unlocked.add(row.step.id);
  }
  const open: Array<{ quest: Pick<Quest, "title">; step: typeof questSteps.$inferSelect }> = [];
  for (const run of runs.values()) {
    for (const step of openSteps(run.steps, run.done, run.unlocked)) open.push({ quest: { title: run.title }, step });
  }
  return open;
}

export { SIGNUP_QUEST, TUTORIAL_QUEST };
