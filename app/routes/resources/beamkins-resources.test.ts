import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { BASE_URL, callRoute, formRequest } from "../../../tests/support/route";
import { memberFactory } from "../../../tests/support/members";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { db } from "~/platform/db/db.server";
import { creatures, members } from "~/platform/db/schema";
import { action as chatDemoAction } from "../chat-demo";
import { action as backpackAction } from "./beamkins-backpack";
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

function bodyOf(call: { result: unknown; thrown: unknown }) {
  const value = (call.result ?? call.thrown) as { data?: unknown; init?: { status?: number } } | Response;
  if (value instanceof Response) return { status: value.status, data: null as unknown };
  return { status: value.init?.status ?? 200, data: value.data as Record<string, unknown> };
}

describe("the chat resource (JSON for the dialog)", () => {
  it("answers 401 to an anonymous fetch instead of redirecting it", async () => {
    const call = await run(chatAction, formRequest("/beamkins/chat", { message: "hi" }, { headers: json }));
    expect(bodyOf(call).status).toBe(401);
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
  });

  it("refuses a blank message with 400 and the reason", async () => {
    const { cookie } = await signedInCookie();
    const call = await run(chatAction, formRequest("/beamkins/chat", { message: "  " }, { headers: { ...json, Cookie: cookie } }));
    expect(bodyOf(call)).toEqual({ status: 400, data: { ok: false, error: "Write a message first." } });
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
    expect(bodyOf(call)).toEqual({ status: 409, data: { ok: false, error: "You don't have that much light. You have 0." } });
  });

  it("corrals with a plain form post: back to the page, and remembered on the member", async () => {
    const { cookie, memberId } = await signedInCookie();
    const call = await run(backpackAction,
      formRequest("/beamkins/backpack", { corralled: "true", redirectTo: "/newsfeed" }, { headers: { Cookie: cookie } }),
    );
    expect(call.response.status).toBe(303);
    expect(call.response.headers.get("Location")).toBe("/newsfeed");
    const [member] = await db().select().from(members).where(eq(members.id, memberId));
    expect(member?.companionCorralled).toBe(true);
  });

  it("the chat page keeps what was typed when the message is refused", async () => {
    const { cookie } = await signedInCookie();
    const long = "x".repeat(2001);
    const call = await run(chatDemoAction, formRequest("/chat-demo", { message: long }, { headers: { Cookie: cookie } }));
    const { status, data } = bodyOf(call);
    expect(status).toBe(400);
    expect(data).toMatchObject({ message: long, error: "A message can be at most 2000 characters." });
  });
});
