import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { BASE_URL, callRoute, formRequest } from "../../../tests/support/route";
import { memberFactory } from "../../../tests/support/members";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { db } from "~/platform/db/db.server";
import { creatures, members } from "~/platform/db/schema";
import { toastStorage } from "~/platform/cookies.server";
import { action as chatDemoAction, loader as chatDemoLoader } from "../chat-demo";
import { action as backpackAction } from "./beamkins-backpack";
import { action as activeAction } from "./beamkins-active";
import { action as chatAction, loader as chatLoader } from "./beamkins-chat";
import { action as giveAction } from "./beamkins-give-light";
import { action as obtainAction } from "./beamkins-obtain";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

const signedIn = memberFactory("+1555800");
async function signedInCookie() {
  const { member, cookie } = await signedIn();
  return { memberId: member.id, cookie };
}

const json = { Accept: "application/json" };

// Route modules' typed args carry more than callRoute builds (url, pattern); the test reads results loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const run = (fn: (args: any) => unknown, request: Request) => callRoute(fn as never, request);

/** A refusal in the JSON envelope: its message, whatever else it carries (type, field errors). */
const refused = (message: string) => expect.objectContaining({ success: false, message });

function bodyOf(call: { result: unknown; thrown: unknown }) {
  const value = (call.result ?? call.thrown) as { data?: unknown; init?: { status?: number } } | Response;
  if (value instanceof Response) return { status: value.status, data: null as unknown };
  return { status: value.init?.status ?? 200, data: value.data as Record<string, unknown> };
}

describe("the chat resource (JSON for the dialog)", () => {
  it("answers 401 to an anonymous fetch instead of redirecting it", async () => {
    const call = await run(chatAction, formRequest("/beamkins/chat", { message: "hi" }, { headers: json }));
    expect(bodyOf(call).status).toBe(401);
    expect(bodyOf(call).data).toEqual({
      success: false,
      type: "UNAUTHORIZED",
      message: "Your session has expired, please go back and log in again",
    });
  });

  it("replies with the spec's creaturemessage and new_light, and keeps the history", async () => {
    const { cookie } = await signedInCookie();
    const headers = { ...json, Cookie: cookie };
    const sent = bodyOf(await run(chatAction, formRequest("/beamkins/chat", { message: "hello" }, { headers })));
    expect(sent.status).toBe(200);
    const result = (sent.data as { result: { creaturemessage: string; new_light: number | null } }).result;
    expect(result.creaturemessage.length).toBeGreaterThan(0);
    expect(result.new_light).toBeNull(); // no beamkin yet: the creature-less chat
    const history = bodyOf(await run(chatLoader, new Request(`${BASE_URL}/beamkins/chat`, { headers })));
    const messages = (history.data as { result: { messages: { Role: string; Content: string }[] } }).result.messages;
    expect(messages.map((m) => m.Role)).toEqual(["user", "assistant"]);
    expect(messages[1]?.Content).toBe(result.creaturemessage);
    expect(result).not.toHaveProperty("repeat");

    // The same words again at once: the same reply, marked as a repeat, stored once.
    const again = bodyOf(await run(chatAction, formRequest("/beamkins/chat", { message: "hello" }, { headers })));
    expect((again.data as { result: unknown }).result).toEqual({ ...result, repeat: true });
    const after = bodyOf(await run(chatLoader, new Request(`${BASE_URL}/beamkins/chat`, { headers })));
    expect((after.data as { result: { messages: unknown[] } }).result.messages).toHaveLength(2);
  });

  it("a member who set their companion aside is told to choose one, on /beamkins/chat and /chat-demo", async () => {
    const { cookie } = await memberWithSparkit();
    const headers = { ...json, Cookie: cookie };
    expect(bodyOf(await run(activeAction, formRequest("/beamkins/active", { creatureId: "0" }, { headers }))).status).toBe(200);
    const sent = bodyOf(await run(chatAction, formRequest("/beamkins/chat", { message: "hello" }, { headers })));
    const reply = (sent.data as { result: { creaturemessage: string } }).result.creaturemessage;
    expect(reply).toMatch(/companion/);
    expect(reply).not.toMatch(/don't have a beamkin|A beamkin of your own/);
    const page = await run(chatDemoAction, formRequest("/chat-demo", { message: "hello again" }, { headers: { Cookie: cookie, Accept: "text/html" } }));
    expect((page.result as Response).status).toBe(303);
    const history = bodyOf(await run(chatLoader, new Request(`${BASE_URL}/beamkins/chat`, { headers })));
    const last = (history.data as { result: { messages: { Content: string }[] } }).result.messages.at(-1)!.Content;
    expect(last).toMatch(/companion/);
    // The companion's chat dialog reads this to say "choose one", not "get one".
    expect((history.data as { result: { ownsBeamkins: boolean } }).result.ownsBeamkins).toBe(true);
    // The page's own line says the same: choose one, not get one.
    const shown = await run(chatDemoLoader, new Request(`${BASE_URL}/chat-demo`, { headers: { Cookie: cookie } }));
    expect((shown.result as { ownsBeamkins: boolean; creature: unknown })).toMatchObject({ ownsBeamkins: true, creature: null });
    const newcomer = await signedInCookie();
    const fresh = await run(chatDemoLoader, new Request(`${BASE_URL}/chat-demo`, { headers: { Cookie: newcomer.cookie } }));
    expect((fresh.result as { ownsBeamkins: boolean })).toMatchObject({ ownsBeamkins: false });
  });

  it("refuses a blank message with 400 and the reason", async () => {
    const { cookie } = await signedInCookie();
    const call = await run(chatAction, formRequest("/beamkins/chat", { message: "  " }, { headers: { ...json, Cookie: cookie } }));
    expect(bodyOf(call)).toEqual({ status: 400, data: refused("Write a message first.") });
  });
});

describe("signed-out callers", () => {
  const unauthorized = {
    success: false,
    type: "UNAUTHORIZED",
    message: "Your session has expired, please go back and log in again",
  };
  const posts = [
    ["/beamkins/obtain", obtainAction, { creatureId: "1" }],
    ["/beamkins/active", activeAction, { creatureId: "0" }],
    ["/beamkins/give-light", giveAction, { creatureId: "1", light: "1" }],
    ["/beamkins/backpack", backpackAction, { corralled: "true" }],
    ["/beamkins/chat", chatAction, { message: "hi" }],
  ] as const;

  it("a JSON caller gets 401 with the catalogue's message, from every beamkins resource", async () => {
    for (const [path, action, fields] of posts) {
      const call = await run(action, formRequest(path, fields, { headers: json }));
      expect(bodyOf(call), path).toEqual({ status: 401, data: unauthorized });
    }
    const history = await run(chatLoader, new Request(`${BASE_URL}/beamkins/chat`, { headers: json }));
    expect(bodyOf(history)).toEqual({ status: 401, data: unauthorized });
  });

  it("in the reader's language", async () => {
    const call = await run(obtainAction, formRequest("/beamkins/obtain?lng=zh", { creatureId: "1" }, { headers: json }));
    expect(bodyOf(call).status).toBe(401);
    expect((bodyOf(call).data as { message: string }).message).not.toBe(unauthorized.message);
    expect((bodyOf(call).data as { message: string }).message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("a browser's form post still goes to sign in, and comes back to the page it was on", async () => {
    for (const [path, action, fields] of posts) {
      const call = await run(
        action,
        formRequest(path, fields, { headers: { Accept: "text/html", Referer: `${BASE_URL}/beamkins` } }),
      );
      const thrown = call.thrown as Response;
      expect(thrown.status, path).toBe(302);
      expect(thrown.headers.get("Location"), path).toMatch(/^\/signin\?redirectTo=%2Fbeamkins(&|$)/);
    }
  });
});

describe("light and the backpack as forms and JSON", () => {
  it("refuses to give more light than the member has, with 409 and a clear message", async () => {
    const { cookie } = await signedInCookie();
    const headers = { ...json, Cookie: cookie };
    const [sparkit] = await db().select().from(creatures).where(eq(creatures.slug, "sparkit"));
    const obtained = bodyOf(await run(obtainAction, formRequest("/beamkins/obtain", { creatureId: String(sparkit!.id) }, { headers })));
    expect(obtained.status).toBe(200);
    const call = await run(giveAction, formRequest("/beamkins/give-light", { creatureId: String(sparkit!.id), light: "4" }, { headers }));
    expect(bodyOf(call)).toEqual({ status: 409, data: refused("You don't have that much light. You have 0.") });
  });

  it("corrals with a plain form post: back to the page, and remembered on the member", async () => {
    const { cookie, memberId } = await signedInCookie();
    const call = await run(backpackAction,
      formRequest("/beamkins/backpack", { corralled: "true", redirectTo: "/newsfeed" }, { headers: { Cookie: cookie, Accept: "text/html" } }),
    );
    expect(call.response.status).toBe(303);
    expect(call.response.headers.get("Location")).toBe("/newsfeed");
    const [member] = await db().select().from(members).where(eq(members.id, memberId));
    expect(member?.companionCorralled).toBe(true);
  });

  it("the chat page keeps what was typed when the message is refused", async () => {
    const { cookie } = await signedInCookie();
    const long = "x".repeat(2001);
    const call = await run(chatDemoAction, formRequest("/chat-demo", { message: long }, { headers: { Cookie: cookie, Accept: "text/html" } }));
    const { status, data } = bodyOf(call);
    expect(status).toBe(400);
    expect(data).toMatchObject({ values: { message: long }, errors: { message: "A message can be at most 2000 characters." } });
  });
});

/** The toast a response flashes for the next page, if any. */
async function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("toast="));
  if (!cookie) return null;
  const session = await toastStorage().getSession(cookie.split(";")[0]);
  return (session.get("flash") as { toast?: { type: string; message: string } } | undefined)?.toast ?? null;
}

async function memberWithSparkit() {
  const { cookie, memberId } = await signedInCookie();
  const [sparkit] = await db().select().from(creatures).where(eq(creatures.slug, "sparkit"));
  await db().update(members).set({ lightBalance: 30 }).where(eq(members.id, memberId));
  const headers = { ...json, Cookie: cookie };
  const obtained = bodyOf(await run(obtainAction, formRequest("/beamkins/obtain", { creatureId: String(sparkit!.id) }, { headers })));
  expect(obtained.status).toBe(200);
  return { cookie, memberId, sparkitId: sparkit!.id };
}

const notABeamkin = ["", "abc", "-1", "1.5", "1e3", "99999999999", "2147483648"];
const unknownCreature = refused("That beamkin doesn't exist.");

describe("bad or missing fields are refused with their reason, never a 500", () => {
  it("give-light: a missing or non-numeric beamkin is 404, a bad amount 400", async () => {
    const { cookie, memberId, sparkitId } = await memberWithSparkit();
    const headers = { ...json, Cookie: cookie };
    const giveLight = (fields: Record<string, string>) =>
      run(giveAction, formRequest("/beamkins/give-light", fields, { headers })).then(bodyOf);
    expect(await giveLight({ light: "1" })).toEqual({ status: 404, data: unknownCreature });
    for (const creatureId of notABeamkin) {
      expect(await giveLight({ creatureId, light: "1" }), creatureId).toEqual({ status: 404, data: unknownCreature });
    }
    const badAmount = { status: 400, data: refused("Give a whole number of light from 1 to 100.") };
    expect(await giveLight({ creatureId: String(sparkitId) })).toEqual(badAmount);
    for (const light of ["", "abc", "0", "101", "-3", "99999999999"]) {
      expect(await giveLight({ creatureId: String(sparkitId), light }), light).toEqual(badAmount);
    }
    const [after] = await db().select().from(members).where(eq(members.id, memberId));
    expect(after?.lightBalance).toBe(30);
  });

  it("give-light as a plain form: back to the page with the reason as a toast", async () => {
    const { cookie } = await memberWithSparkit();
    const call = await run(giveAction,
      formRequest("/beamkins/give-light", { creatureId: "abc", light: "1", redirectTo: "/newsfeed" }, { headers: { Cookie: cookie, Accept: "text/html" } }),
    );
    expect(call.response.status).toBe(303);
    expect(call.response.headers.get("Location")).toBe("/newsfeed");
    expect(await toastOf(call.response)).toEqual({ type: "error", message: "That beamkin doesn't exist." });
  });

  it("obtain and active: a beamkin id that cannot be one is 404", async () => {
    const { cookie } = await signedInCookie();
    const headers = { ...json, Cookie: cookie };
    for (const creatureId of [...notABeamkin, null]) {
      const fields: Record<string, string> = creatureId === null ? {} : { creatureId };
      const obtained = bodyOf(await run(obtainAction, formRequest("/beamkins/obtain", fields, { headers })));
      expect(obtained, `obtain ${creatureId}`).toEqual({ status: 404, data: unknownCreature });
      const chosen = bodyOf(await run(activeAction, formRequest("/beamkins/active", fields, { headers })));
      expect(chosen, `active ${creatureId}`).toEqual({ status: 404, data: unknownCreature });
    }
  });

  it("backpack: a choice that is neither true nor false is 400 with a translated reason", async () => {
    const { cookie } = await signedInCookie();
    const cases: Record<string, string>[] = [{}, { corralled: "maybe" }, { corralled: "" }];
    for (const fields of cases) {
      const call = await run(backpackAction, formRequest("/beamkins/backpack", fields, { headers: { ...json, Cookie: cookie } }));
      expect(bodyOf(call), JSON.stringify(fields)).toEqual({
        status: 400,
        data: refused("Choose whether to corral or release your beamkin."),
      });
    }
    const zh = await run(backpackAction,
      formRequest("/beamkins/backpack", { corralled: "1" }, { headers: { ...json, Cookie: cookie, "Accept-Language": "zh" } }),
    );
    expect(bodyOf(zh)).toEqual({ status: 400, data: refused("请选择把光灵收进背包还是放出来。") });
    // Without JavaScript: back to the page, the reason in a toast.
    const plain = await run(backpackAction,
      formRequest("/beamkins/backpack", { corralled: "maybe", redirectTo: "/beamkins" }, { headers: { Cookie: cookie, Accept: "text/html" } }),
    );
    expect(plain.response.status).toBe(303);
    expect(plain.response.headers.get("Location")).toBe("/beamkins");
    expect(await toastOf(plain.response)).toEqual({ type: "error", message: "Choose whether to corral or release your beamkin." });
  });

  it("chat: a beamkin that does not exist is 404 (as obtain and active say), someone else's 403, posted or read", async () => {
    const { cookie } = await memberWithSparkit();
    const headers = { ...json, Cookie: cookie };
    const [prismane] = await db().select().from(creatures).where(eq(creatures.slug, "prismane"));
    const notYours = refused("That beamkin isn't yours, so you can't do that.");
    const chat = (creatureId: string) =>
      run(chatAction, formRequest("/beamkins/chat", { message: "hi", creatureId }, { headers })).then(bodyOf);
    const history = (creatureId: string) =>
      run(chatLoader, new Request(`${BASE_URL}/beamkins/chat?creatureId=${creatureId}`, { headers })).then(bodyOf);
    expect(await chat("99999")).toEqual({ status: 404, data: unknownCreature });
    expect(await history("99999")).toEqual({ status: 404, data: unknownCreature });
    expect(await history("abc")).toEqual({ status: 404, data: unknownCreature });
    expect(await chat(String(prismane!.id))).toEqual({ status: 403, data: notYours });
    expect(await history(String(prismane!.id))).toEqual({ status: 403, data: notYours });
    // 0 is still the creature-less chat.
    expect((await history("0")).status).toBe(200);
  });

  it("obtain answers with the beamkin's name in the reader's language, not its key", async () => {
    const { cookie } = await signedInCookie();
    const [sparkit] = await db().select().from(creatures).where(eq(creatures.slug, "sparkit"));
    const obtained = bodyOf(
      await run(obtainAction, formRequest("/beamkins/obtain?lng=zh", { creatureId: String(sparkit!.id) }, { headers: { ...json, Cookie: cookie } })),
    );
    expect(obtained.status).toBe(200);
    const creature = (obtained.data as { result: { creature: { name: string; slug: string } } }).result.creature;
    expect(creature.slug).toBe("sparkit");
    expect(creature.name).not.toMatch(/^names\./);
    expect(creature.name).toMatch(/[\u4e00-\u9fff]/);
  });

  it("chat: a bad beamkin is 404, a missing message 400, and a clock that is no hour is left out", async () => {
    const { cookie } = await memberWithSparkit();
    const headers = { ...json, Cookie: cookie };
    const chat = (fields: Record<string, string>) =>
      run(chatAction, formRequest("/beamkins/chat", fields, { headers })).then(bodyOf);
    for (const creatureId of ["abc", "-1", "99999999999"]) {
      expect(await chat({ message: "hi", creatureId }), creatureId).toEqual({ status: 404, data: unknownCreature });
    }
    expect(await chat({})).toEqual({ status: 400, data: refused("Write a message first.") });
    for (const hour of ["abc", "24", "99999999999"]) {
      const sent = await chat({ message: "hello", hour });
      expect(sent.status, hour).toBe(200);
      expect((sent.data as { result: { new_light: number } }).result.new_light).toBeGreaterThan(0);
    }
  });
});
