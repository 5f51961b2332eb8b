/**
 * The contest screens through their routes, with real requests through the root middleware:
 * the publish gate (a member's page data and JSON carry no score before publish), the
 * judge's score form (a missing criterion is a 400 on its field, what was typed kept; a
 * judge's own party is 403; an entry not handed to the judge is 409 and nothing is stored), the console's JSON answers, and Judge Onboarding's GET that
 * spends nothing.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { memberFactory } from "../../tests/support/members";
import { BASE_URL, callRoute, formRequest, outcome } from "../../tests/support/route";
import { newJoinCode } from "~/features/parties/join-code";
import { db } from "~/platform/db/db.server";
import { contestAudit, contestRequests, contestRounds, contests, entryJudges, entryScores, invites, memberRoles, parties, partyMembers, posts, roundEntries } from "~/platform/db/schema";
import * as compete from "./compete";
import * as gamemaster from "./gamemaster";
import * as judgeOnboarding from "./judge-onboarding";
import * as judging from "./judging";
import * as contestEvents from "./resources/contest-events";
import { publishEvent } from "~/platform/events.server";

type Plain<T> = (args: Parameters<Parameters<typeof callRoute<T>>[0]>[0]) => Promise<T>;
const plain = <T,>(fn: (args: never) => Promise<T> | T) => fn as unknown as Plain<T>;

const signedIn = memberFactory("+1555810");

beforeAll(async () => {
  await createTestDatabase();
});

const get = (path: string, cookie: string, accept = "text/html") => new Request(new URL(path, BASE_URL), { headers: { Accept: accept, Cookie: cookie } });
const post = (path: string, cookie: string, fields: Record<string, string>, accept = "text/html") => formRequest(path, fields, { headers: { Accept: accept, Cookie: cookie } });

async function world() {
  const gm = await signedIn({ firstName: "Grace" });
  const [contest] = await db().insert(contests).values({ name: "Test Cup", gameMasterId: gm.member.id }).returning();
  await db().insert(memberRoles).values({ memberId: gm.member.id, contestId: contest!.id, role: "gamemaster" });
  const player = await signedIn({ firstName: "Ada" });
  const judge = await signedIn({ firstName: "Alan" });
  await db().insert(memberRoles).values({ memberId: judge.member.id, contestId: contest!.id, role: "judge" });
  const [party] = await db().insert(parties).values({ name: "Wicks", contestId: contest!.id, joinCode: newJoinCode() }).returning();
  await db().insert(partyMembers).values({ partyId: party!.id, memberId: player.member.id, contestId: contest!.id, role: "ringleader" });
  const [round] = await db()
    .insert(contestRounds)
    .values({ contestId: contest!.id, number: 1, state: "open", challenge: "Light it", criteria: [{ name: "Glow", weight: 1 }, { name: "Care", weight: 2 }] })
    .returning();
  const [entry] = await db().insert(roundEntries).values({ roundId: round!.id, partyId: party!.id, text: "Our lantern" }).returning();
  return { gm, contest: contest!, player, judge, party: party!, round: round!, entry: entry! };
}

describe("the publish gate", () => {
  it("a member's /compete page data and JSON carry no score or note before publish", async () => {
    const w = await world();
    const claim = await callRoute(plain(judging.action), post("/judging", w.judge.cookie, { intent: "claim", contestId: String(w.contest.id) }));
    expect(outcome(claim)).toMatchObject({ status: 303, location: `/judging?entry=${w.entry.id}` });
    const score = await callRoute(plain(judging.action), post("/judging", w.judge.cookie, { intent: "score", entryId: String(w.entry.id), criteria: "2", score0: "5", score1: "4", noteForParty: "Secret praise" }));
    expect(outcome(score).status).toBe(303);
    for (const accept of ["text/html", "application/json"]) {
      const page = await callRoute(plain(compete.loader), get("/compete", w.player.cookie, accept));
      const text = JSON.stringify(page.result);
      expect(text).toContain("Our lantern");
      expect(text).not.toContain("Secret praise");
      expect((page.result as { results: { rounds: unknown[] } }).results.rounds).toEqual([]);
    }
    // Grace moves the round on twice (publishing confirmed, one judge enough here); then the member sees it.
    await db().update(contests).set({ minJudges: 1 }).where(eq(contests.id, w.contest.id));
    for (const from of ["open", "judging"]) {
      const moved = await callRoute(plain(gamemaster.action), post("/gamemaster", w.gm.cookie, { intent: "advance", roundId: String(w.round.id), from, confirm: "yes" }, "application/json"));
      expect(outcome(moved).data).toMatchObject({ success: true });
    }
    const after = await callRoute(plain(compete.loader), get("/compete", w.player.cookie));
    expect(JSON.stringify(after.result)).toContain("Secret praise");
  });
});

describe("publishing a round (decision 1221)", () => {
  /** A round in judging, its one entry scored by one judge. */
  async function scoredByOne() {
    const w = await world();
    await callRoute(plain(judging.action), post("/judging", w.judge.cookie, { intent: "claim", contestId: String(w.contest.id) }));
    await callRoute(plain(judging.action), post("/judging", w.judge.cookie, { intent: "score", entryId: String(w.entry.id), criteria: "2", score0: "5", score1: "4" }));
    await db().update(contestRounds).set({ state: "judging" }).where(eq(contestRounds.id, w.round.id));
    return w;
  }
  const publish = (w: Awaited<ReturnType<typeof world>>, fields: Record<string, string>, accept = "text/html") =>
    callRoute(plain(gamemaster.action), post(`/gamemaster?contest=${w.contest.id}&publish=${w.round.id}`, w.gm.cookie, { intent: "advance", roundId: String(w.round.id), from: "judging", ...fields }, accept));
  const stateOf = async (roundId: number) => (await db().select({ state: contestRounds.state }).from(contestRounds).where(eq(contestRounds.id, roundId)))[0]!.state;
  const trailOf = (contestId: number) => db().select().from(contestAudit).where(eq(contestAudit.contestId, contestId));

  it("asks for a confirmation first: without it nothing is published (400)", async () => {
    const w = await scoredByOne();
    for (const accept of ["text/html", "application/json"]) {
      const answer = outcome(await publish(w, {}, accept));
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.data)).toContain("Publishing can't be undone: confirm it first.");
    }
    expect(await stateOf(w.round.id)).toBe("judging");
  });

  it("is refused while an entry has fewer judges than the contest's minimum, naming it, to a page and to JSON alike (409)", async () => {
    const w = await scoredByOne();
    const page = outcome(await publish(w, { confirm: "yes" }));
    expect(page).toMatchObject({
      status: 409,
      data: {
        refusal: "too-few-judges",
        errors: { overrideReason: "Every entry needs at least 3 judges before the round is published. Short of judges: Wicks (1). Invite more judges, or publish anyway with a reason for the audit trail." },
      },
    });
    const json = outcome(await publish(w, { confirm: "yes" }, "application/json"));
    expect(json).toMatchObject({ status: 409, data: { success: false, message: expect.stringContaining("Wicks (1)") } });
    const zh = outcome(await callRoute(plain(gamemaster.action), post("/gamemaster?lng=zh", w.gm.cookie, { intent: "advance", roundId: String(w.round.id), from: "judging", confirm: "yes" }, "application/json")));
    expect(zh.data).toMatchObject({ message: expect.stringContaining("每份作品至少需要 3 位评委") });
    expect(await stateOf(w.round.id)).toBe("judging");
    expect(await db().select().from(posts).where(and(eq(posts.type, "contest"), eq(posts.refId, w.contest.id)))).toEqual([]);
  });

  it("publishes anyway when the game master gives a reason, and the audit trail keeps it with the entries that were short", async () => {
    const w = await scoredByOne();
    const answer = outcome(await publish(w, { confirm: "yes", overrideReason: "Two judges fell ill; the party agreed" }));
    expect(answer).toMatchObject({ status: 303, location: `/gamemaster?contest=${w.contest.id}` });
    expect(await stateOf(w.round.id)).toBe("published");
    expect(await trailOf(w.contest.id)).toEqual([
      expect.objectContaining({ action: "publish-short", subject: "#1 · Wicks (1/3)", reason: "Two judges fell ill; the party agreed", actorId: w.gm.member.id }),
    ]);
    const [post_] = await db().select().from(posts).where(and(eq(posts.type, "contest"), eq(posts.refId, w.contest.id)));
    expect(post_!.data).toEqual({ contest: "Test Cup", round: 1, winner: "Wicks" });
  });

  it("publishes with the confirmation alone when every entry has the contest's minimum, and writes no override", async () => {
    const w = await scoredByOne();
    // The game master sets the contest's minimum to one judge (and 0 is no minimum at all).
    const refusedEdit = outcome(await callRoute(plain(gamemaster.action), post("/gamemaster", w.gm.cookie, { intent: "edit-contest", contestId: String(w.contest.id), name: "Test Cup", minJudges: "0" })));
    expect(refusedEdit).toMatchObject({ status: 400, data: { errors: { minJudges: "Judges per entry is a whole number from 1 to 12." }, values: { minJudges: "0" } } });
    const edited = outcome(await callRoute(plain(gamemaster.action), post("/gamemaster", w.gm.cookie, { intent: "edit-contest", contestId: String(w.contest.id), name: "Test Cup", minJudges: "1" })));
    expect(edited.status).toBe(303);
    expect(outcome(await publish(w, { confirm: "yes" })).status).toBe(303);
    expect(await stateOf(w.round.id)).toBe("published");
    expect(await trailOf(w.contest.id)).toEqual([]);
  });
});

describe("the judge's score form", () => {
  it("names the missing criterion with a 400 and keeps what was typed", async () => {
    const w = await world();
    const call = await callRoute(plain(judging.action), post("/judging", w.judge.cookie, { intent: "score", entryId: String(w.entry.id), criteria: "2", score0: "3", noteForParty: "Nice" }));
    const answer = outcome(call);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ values: { noteForParty: "Nice", score0: "3" }, errors: { score1: "Pick a score from 1 to 5." } });
  });

  it("refuses a score for an entry not handed to the judge (409, nothing stored), to a page and to JSON alike", async () => {
    const w = await world();
    const fields = { intent: "score", entryId: String(w.entry.id), criteria: "2", score0: "5", score1: "4", noteForParty: "Bright" };
    const stored = () => db().select().from(entryScores).where(eq(entryScores.entryId, w.entry.id));

    const page = outcome(await callRoute(plain(judging.action), post("/judging", w.judge.cookie, fields)));
    expect(page.status).toBe(409);
    expect(page.data).toMatchObject({
      values: { noteForParty: "Bright", score0: "5" },
      errors: { form: "This entry wasn't handed to you to score. Press “Score the next entry” to get one." },
      refusal: "not-assigned",
    });
    const json = outcome(await callRoute(plain(judging.action), post("/judging?lng=zh", w.judge.cookie, fields, "application/json")));
    expect(json).toMatchObject({ status: 409, data: { success: false, message: "这份作品没有分配给你评分。请点“评下一份作品”领取一份。" } });
    expect(await stored()).toEqual([]);
    expect(await db().select().from(entryJudges).where(eq(entryJudges.entryId, w.entry.id))).toEqual([]);

    // Handed to them by "Score the next entry", the same post is stored.
    await callRoute(plain(judging.action), post("/judging", w.judge.cookie, { intent: "claim", contestId: String(w.contest.id) }));
    expect(outcome(await callRoute(plain(judging.action), post("/judging", w.judge.cookie, fields))).status).toBe(303);
    expect((await stored()).map((s) => s.score).sort()).toEqual([4, 5]);
  });

  it("refuses a judge their own party's entry (403) and a member who judges nothing", async () => {
    const w = await world();
    await db().insert(partyMembers).values({ partyId: w.party.id, memberId: w.judge.member.id, contestId: w.contest.id });
    const call = await callRoute(plain(judging.action), post("/judging", w.judge.cookie, { intent: "score", entryId: String(w.entry.id), criteria: "2", score0: "3", score1: "3" }, "application/json"));
    expect(outcome(call)).toMatchObject({ status: 403, data: { success: false, type: "FORBIDDEN" } });
    const stranger = await callRoute(plain(judging.action), post("/judging", w.player.cookie, { intent: "claim", contestId: String(w.contest.id) }, "application/json"));
    expect(outcome(stranger).status).toBe(403);
  });
});

describe("the console", () => {
  it("answers another contest's game master 403, and an override without a reason 400", async () => {
    const w = await world();
    const other = await signedIn();
    await db().insert(memberRoles).values({ memberId: other.member.id, contestId: null, role: "gamemaster" });
    const refused = await callRoute(plain(gamemaster.action), post("/gamemaster", other.cookie, { intent: "advance", roundId: String(w.round.id), from: "open" }, "application/json"));
    expect(outcome(refused).status).toBe(403);
    const noReason = await callRoute(plain(gamemaster.action), post("/gamemaster", w.gm.cookie, { intent: "remove-entry", entryId: String(w.entry.id), reason: " " }));
    expect(outcome(noReason)).toMatchObject({ status: 400, data: { errors: { reason: "Give a reason: it goes in the audit trail." } } });
  });

  it("a round without criteria is a field error, and the criteria typed come back", async () => {
    const w = await world();
    const call = await callRoute(plain(gamemaster.action), post("/gamemaster", w.gm.cookie, { intent: "create-round", contestId: String(w.contest.id), challenge: "Do it", criterion0: "", weight0: "1" }));
    expect(outcome(call)).toMatchObject({ status: 400, data: { values: { challenge: "Do it" }, errors: { criterion0: "Name at least one criterion." } } });
  });
});

describe("Judge Onboarding", () => {
  it("reading the link spends nothing; Accept does, once", async () => {
    const w = await world();
    const made = await callRoute(plain(gamemaster.action), post("/gamemaster", w.gm.cookie, { intent: "invite", contestId: String(w.contest.id), role: "judge", channel: "link", email: "", language: "en" }));
    const location = outcome(made).location!;
    const token = new URL(location, BASE_URL).searchParams.get("invited")!;
    const newcomer = await signedIn({ firstName: "Hedy" });
    const path = `/judge-onboarding/${w.contest.id}/${w.gm.member.id}?invite=${token}`;
    const params = { contestID: String(w.contest.id), gameMasterID: String(w.gm.member.id) };
    for (let i = 0; i < 2; i++) {
      const read = await callRoute(plain(judgeOnboarding.loader), get(path, newcomer.cookie), { params });
      expect(outcome(read).status).toBe(200);
    }
    const [pending] = await db().select().from(invites).where(eq(invites.contestId, w.contest.id));
    expect(pending!.status).toBe("pending");
    const accepted = await callRoute(plain(judgeOnboarding.action), post(path, newcomer.cookie, { intent: "accept" }), { params });
    expect(outcome(accepted)).toMatchObject({ status: 303, location: "/judging" });
    const again = await callRoute(plain(judgeOnboarding.loader), get(path, (await signedIn()).cookie), { params });
    expect(outcome(again).status).toBe(409);
  });
});

describe("the contest's event stream", () => {
  it("is for those who may see the contest, and says only that it changed", async () => {
    const w = await world();
    const params = { contestId: String(w.contest.id) };
    const stranger = await signedIn();
    const refused = await callRoute(plain(contestEvents.loader), get(`/contests/${w.contest.id}/events`, stranger.cookie, "text/event-stream"), { params });
    expect(outcome(refused).status).toBe(404);
    const abort = new AbortController();
    const request = new Request(new URL(`/contests/${w.contest.id}/events`, BASE_URL), { headers: { Accept: "text/event-stream", Cookie: w.player.cookie }, signal: abort.signal });
    const call = await callRoute(plain(contestEvents.loader), request, { params });
    const stream = call.result as unknown as Response;
    expect(stream.headers.get("Content-Type")).toContain("text/event-stream");
    const reader = stream.body!.getReader();
    // A comment first, at once: a proxy passes the answer on before any event comes.
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(": open\n\n");
    // On PostgreSQL the stream's LISTEN starts as it opens, so the first NOTIFYs may come
    // before it listens: publish until one arrives (another contest's each time: never sent).
    const first = reader.read();
    let chunk: ReadableStreamReadResult<Uint8Array> | undefined;
    for (let i = 0; i < 40 && !chunk; i++) {
      await publishEvent(`contest:${w.contest.id + 1000}`);
      await publishEvent(`contest:${w.contest.id}`);
      chunk = await Promise.race([first, new Promise<undefined>((resolve) => setTimeout(resolve, 250))]);
    }
    let text = new TextDecoder().decode(chunk!.value);
    while (!text.endsWith("\n\n")) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toBe("event: changed\ndata: 1\n\n");
    abort.abort();
  });

  it("lets a browser go away without a word: a later event is not sent, and nothing throws", async () => {
    const w = await world();
    const request = new Request(new URL(`/contests/${w.contest.id}/events`, BASE_URL), { headers: { Accept: "text/event-stream", Cookie: w.player.cookie } });
    const call = await callRoute(plain(contestEvents.loader), request, { params: { contestId: String(w.contest.id) } });
    // The connection closes (the body is cancelled) while the request's signal never aborts.
    await (call.result as unknown as Response).body!.cancel();
    // Before the fix this send threw from the commit's after-work (and from the keep-alive timer, ending the process).
    await expect(publishEvent(`contest:${w.contest.id}`)).resolves.toBeUndefined();
    await publishEvent(`contest:${w.contest.id}`);
  });
});

describe("a member's requests from /compete", () => {
  it("asks to join an Active contest once (a second is 409), sees the decline's reason, then is let in", async () => {
    const w = await world();
    const newcomer = await signedIn({ firstName: "Hedy" });
    const ask = (fields: Record<string, string>, accept = "application/json") => callRoute(plain(compete.action), post("/compete", newcomer.cookie, fields, accept));
    const listed = await callRoute(plain(compete.loader), get("/compete", newcomer.cookie));
    expect((listed.result as { joinable: { id: number }[] }).joinable.map((c) => c.id)).toContain(w.contest.id);

    expect(outcome(await ask({ intent: "ask-join", contestId: String(w.contest.id), message: "I light lanterns" }))).toMatchObject({ status: 200, data: { success: true } });
    const again = outcome(await ask({ intent: "ask-join", contestId: String(w.contest.id), message: "Me again" }, "text/html"));
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ values: { message: "Me again" }, errors: { form: expect.stringContaining("already have a request of this kind") } });
    // A role is for those in the contest.
    expect(outcome(await ask({ intent: "ask-role", contestId: String(w.contest.id), role: "judge", message: "" }))).toMatchObject({ status: 403 });

    const [request] = await db().select().from(contestRequests).where(eq(contestRequests.memberId, newcomer.member.id));
    const decline = await callRoute(plain(gamemaster.action), post("/gamemaster", w.gm.cookie, { intent: "answer", requestId: String(request!.id), decision: "decline", text: "Full this season" }, "application/json"));
    expect(outcome(decline).data).toMatchObject({ success: true });
    const page = await callRoute(plain(compete.loader), get("/compete", newcomer.cookie));
    expect((page.result as { requests: unknown[] }).requests).toEqual([expect.objectContaining({ kind: "join", status: "declined", answer: "Full this season" })]);

    // Declined, they may ask again; accepted, they are in the contest (decision 0709) and may ask for a role.
    expect(outcome(await ask({ intent: "ask-join", contestId: String(w.contest.id), message: "Please?" }))).toMatchObject({ status: 200 });
    const [second] = await db().select().from(contestRequests).where(and(eq(contestRequests.memberId, newcomer.member.id), eq(contestRequests.status, "pending")));
    await callRoute(plain(gamemaster.action), post("/gamemaster", w.gm.cookie, { intent: "answer", requestId: String(second!.id), decision: "accept", text: "" }, "application/json"));
    const inside = (await callRoute(plain(compete.loader), get("/compete", newcomer.cookie))).result as { joinable: { id: number }[]; welcome: { id: number }[]; roleContests: { id: number }[] };
    expect(inside.joinable.map((c) => c.id)).not.toContain(w.contest.id);
    expect(inside.welcome.map((c) => c.id)).toEqual([w.contest.id]);
    expect(inside.roleContests.map((c) => c.id)).toContain(w.contest.id);
    expect(outcome(await ask({ intent: "ask-join", contestId: String(w.contest.id), message: "" }))).toMatchObject({ status: 409 });

    expect(outcome(await ask({ intent: "ask-role", contestId: String(w.contest.id), role: "ringleader", message: "I'll build one" }))).toMatchObject({ status: 200 });
    expect(outcome(await ask({ intent: "ask-role", contestId: String(w.contest.id), role: "judge", message: "" }))).toMatchObject({ status: 409 });
    const [roleRequest] = await db().select().from(contestRequests).where(and(eq(contestRequests.memberId, newcomer.member.id), eq(contestRequests.kind, "role")));
    await callRoute(plain(gamemaster.action), post("/gamemaster", w.gm.cookie, { intent: "answer", requestId: String(roleRequest!.id), decision: "accept", text: "" }, "application/json"));
    const roles = await db().select().from(memberRoles).where(eq(memberRoles.memberId, newcomer.member.id));
    expect(roles).toEqual([expect.objectContaining({ role: "ringleader", contestId: w.contest.id })]);
    expect(outcome(await ask({ intent: "ask-role", contestId: String(w.contest.id), role: "ringleader", message: "" }))).toMatchObject({ status: 409 });
  });
});

describe("reassigning a party's ringleader from the console", () => {
  it("needs a reason and a member of the party; then the member leads", async () => {
    const w = await world();
    const mate = await signedIn({ firstName: "Mary" });
    await db().insert(partyMembers).values({ partyId: w.party.id, memberId: mate.member.id, contestId: w.contest.id });
    const reassign = (fields: Record<string, string>) => callRoute(plain(gamemaster.action), post("/gamemaster", w.gm.cookie, { intent: "reassign-ringleader", ...fields }));
    const noReason = outcome(await reassign({ choice: `${w.party.id}:${mate.member.id}`, reason: "" }));
    expect(noReason).toMatchObject({ status: 400, data: { values: { choice: `${w.party.id}:${mate.member.id}` }, errors: { reason: "Give a reason: it goes in the audit trail." } } });
    const outsider = outcome(await reassign({ choice: `${w.party.id}:${w.judge.member.id}`, reason: "Stuck" }));
    expect(outsider).toMatchObject({ status: 404, data: { errors: { choice: expect.stringContaining("isn't in that party") } } });
    expect(outcome(await reassign({ choice: `${w.party.id}:${mate.member.id}`, reason: "Ada is away for a month" })).status).toBe(303);
    const roster = await db().select().from(partyMembers).where(eq(partyMembers.partyId, w.party.id));
    expect(Object.fromEntries(roster.map((m) => [m.memberId, m.role]))).toEqual({ [w.player.member.id]: "member", [mate.member.id]: "ringleader" });
  });
});
