/**
 * A secret salute's sender never reaches its recipient: not in any page's loader data,
 * JSON answer, redirect, error, or log line. This test sends one and searches everything
 * the recipient can reach for any trace of the sender.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../support/db";
import { callRoute, formRequest, BASE_URL } from "../support/route";
import { db } from "~/platform/db/db.server";
import { members } from "~/platform/db/schema";
import { sessionCookieFor, startSession } from "~/features/auth/session-store.server";
import { sendSalute } from "~/features/salutes/salutes.server";
import * as newsfeed from "~/routes/newsfeed";
import * as newsfeedPost from "~/routes/newsfeed-post";
import * as secretSalute from "~/routes/secret-salute";
import * as secretRedirect from "~/routes/secret-salute-redirect";
import * as saluteSelect from "~/routes/salute-select";
import * as leaderboard from "~/routes/leaderboard";
import * as feedUpdates from "~/routes/resources/feed-updates";
import * as reactions from "~/routes/resources/reactions";
import * as received from "~/routes/resources/salute-received";

const SENDER = {
  id: 987_654,
  phone: "+15550009876",
  firstName: "Zephyrine",
  lastName: "Quillfeather",
  username: "zq_secret_sender",
};
const needles = [String(SENDER.id), SENDER.phone, "5550009876", SENDER.firstName, SENDER.lastName, SENDER.username];

let cookie = "";
let saluteId = 0;
let postId = 0;
const logged: string[] = [];

function request(path: string, init: RequestInit = {}) {
  return new Request(new URL(path, BASE_URL), { ...init, headers: { Cookie: cookie, ...(init.headers ?? {}) } });
}

async function everything(call: Awaited<ReturnType<typeof callRoute>>): Promise<string> {
  const parts: unknown[] = [call.result, call.thrown];
  for (const value of [call.result, call.thrown]) {
    if (value instanceof Response) parts.push(await value.clone().text(), [...value.headers]);
  }
  parts.push([...call.response.headers], await call.response.clone().text().catch(() => ""));
  return JSON.stringify(parts, (_k, v) => (v instanceof Error ? `${v.name}: ${v.message} ${v.stack}` : v));
}

function expectNoSender(text: string) {
  for (const needle of needles) expect(text, `found ${needle}`).not.toContain(needle);
  expect(text).not.toMatch(/"sender/i);
}

beforeAll(async () => {
  await createTestDatabase();
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream);
    vi.spyOn(stream, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return original(chunk as string, ...(rest as []));
    }) as typeof stream.write);
  }
  await db().insert(members).values(SENDER);
  const [recipient] = await db()
    .insert(members)
    .values({ phone: "+15550001234", firstName: "Rae", lastName: "Cipient" })
    .returning();
  const sid = await startSession(recipient!.id);
  cookie = (await sessionCookieFor(new Request(BASE_URL), sid)).split(";")[0]!;
  const sent = await sendSalute({
    kind: "secret",
    senderId: SENDER.id,
    recipientId: recipient!.id,
    prompt: "kindness",
    note: "You lit up the hunt",
  });
  if (!sent.ok) throw new Error(sent.refusal);
  saluteId = sent.value.saluteId;
  postId = sent.value.postId;
});

afterAll(() => vi.restoreAllMocks());

describe("a secret salute's sender, as seen by the recipient", () => {
  it("is in no page the recipient can open", async () => {
    const calls = [
      await callRoute(newsfeed.loader as never, request("/newsfeed")),
      await callRoute(newsfeedPost.loader as never, request(`/newsfeed/secretsalute/${postId}`), { params: { postType: "secretsalute", id: String(postId) } }),
      await callRoute(newsfeedPost.loader as never, request(`/newsfeed/${postId}`), { params: { id: String(postId) } }),
      await callRoute(secretSalute.loader as never, request(`/secret-salute?salute=${saluteId}`)),
      await callRoute(saluteSelect.loader as never, request("/salute-select")),
      await callRoute(leaderboard.loader as never, request("/leaderboard")),
      await callRoute(leaderboard.loader as never, request("/leaderboard?board=week")),
    ];
    const secretPage = calls[3]!.result as { secret: { received: { id: number; prompt: string; message: string }[] } };
    // The recipient does see the salute itself…
    expect(secretPage.secret.received).toEqual([expect.objectContaining({ id: saluteId, prompt: "kindness", message: "You lit up the hunt" })]);
    // …and nothing of who sent it.
    for (const call of calls) expectNoSender(await everything(call));
  });

  it("is in no JSON answer, redirect or error", async () => {
    const calls = [
      await callRoute(feedUpdates.loader as never, request("/feed/updates")),
      await callRoute(secretRedirect.loader as never, request(`/secret-salute-redirect?id=${saluteId}`)),
      await callRoute(secretRedirect.loader as never, request(`/secret-salute-redirect?id=${SENDER.id}`)),
      await callRoute(reactions.action as never, formRequest("/reactions", { postId: String(postId), glow: "on", stay: "1" }, { headers: { Cookie: cookie } })),
      await callRoute(received.action as never, formRequest("/salutes/received", { intent: "report", saluteId: String(saluteId), reason: "unkind" }, { headers: { Cookie: cookie } })),
      await callRoute(received.action as never, formRequest("/salutes/received", { intent: "hide", saluteId: "999999" }, { headers: { Cookie: cookie } })),
    ];
    expect((calls[1]!.result as Response).headers.get("Location")).toBe(`/secret-salute?salute=${saluteId}#salute-${saluteId}`);
    for (const call of calls) expectNoSender(await everything(call));
  });

  it("is in no log line", () => {
    expect(logged.some((line) => line.includes("salute sent"))).toBe(true);
    expectNoSender(logged.join("\n"));
  });
});
