/**
 * /secret-salute-redirect says why it cannot lead to a salute (issue 40, point 10): hidden
 * by the member or by moderators, one they sent, or none for them; a salute of someone else
 * reads exactly as one that does not exist, and no answer names a sender.
 */
import { data as dataResult } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { memberFactory } from "../../tests/support/members";
import { BASE_URL, callRoute } from "../../tests/support/route";
import { moderateSalute } from "~/features/salutes/moderation.server";
import { hideSalute, reportSalute, sendSalute } from "~/features/salutes/salutes.server";
import { transaction } from "~/platform/db/transaction.server";
import * as route from "./secret-salute-redirect";

const signedIn = memberFactory("+1555840");
type Loaded = { title: string; reason: string };

async function open(cookie: string, id: number | string) {
  const call = await callRoute(route.loader as never, new Request(new URL(`/secret-salute-redirect?id=${id}`, BASE_URL), { headers: { Cookie: cookie } }));
  return call;
}

/** The explanation the page shows and its status (the loader answered data(), not a redirect). */
function explained(call: Awaited<ReturnType<typeof open>>) {
  const answer = call.result as ReturnType<typeof dataResult<Loaded>>;
  expect(answer).not.toBeInstanceOf(Response);
  return { reason: answer.data.reason, status: answer.init?.status };
}

/** A secret salute to the recipient from a new sender (one a day from each sender to each recipient). */
async function secretFrom(recipientId: number) {
  const from = await signedIn({ firstName: "Sable", lastName: "Sender" });
  const sent = await sendSalute({ kind: "secret", senderId: from.member.id, recipientId, prompt: "kindness", note: "" });
  if (!sent.ok) throw new Error(sent.refusal);
  sender = from;
  return sent.value.saluteId;
}

/** The sender of the last salute made. */
let sender: Awaited<ReturnType<typeof signedIn>>;
let recipient: Awaited<ReturnType<typeof signedIn>>;
let stranger: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  await createTestDatabase();
  recipient = await signedIn({ firstName: "Rina", lastName: "Recipient" });
  stranger = await signedIn({ firstName: "Otto", lastName: "Other" });
});

describe("a salute link that leads nowhere says why", () => {
  it("leads the recipient to a salute they hold", async () => {
    const id = await secretFrom(recipient.member.id);
    const call = await open(recipient.cookie, id);
    expect((call.result as Response).headers.get("Location")).toBe(`/secret-salute?salute=${id}#salute-${id}`);
  });

  it("tells the recipient they hid it (410), and that moderators took one down (410)", async () => {
    const hidden = await secretFrom(recipient.member.id);
    expect((await hideSalute(recipient.member.id, hidden)).ok).toBe(true);
    expect(explained(await open(recipient.cookie, hidden))).toEqual({ reason: "hiddenByYou", status: 410 });

    const reported = await secretFrom(recipient.member.id);
    expect((await reportSalute(recipient.member.id, reported, "unkind")).ok).toBe(true);
    // Reported and not decided yet: the recipient took it away themselves.
    expect(explained(await open(recipient.cookie, reported))).toEqual({ reason: "hiddenByYou", status: 410 });
    await transaction((tx) => moderateSalute(tx, reported, "hidden", null));
    expect(explained(await open(recipient.cookie, reported))).toEqual({ reason: "hiddenByModerators", status: 410 });
  });

  it("tells the sender the link is their recipient's", async () => {
    const id = await secretFrom(recipient.member.id);
    expect(explained(await open(sender.cookie, id))).toEqual({ reason: "own", status: 404 });
  });

  it("reads someone else's salute exactly as one that does not exist, and never names the sender", async () => {
    const id = await secretFrom(recipient.member.id);
    const theirs = await open(stranger.cookie, id);
    const none = await open(stranger.cookie, 2_000_000_000);
    const garbled = await open(stranger.cookie, "abc");
    for (const call of [theirs, none, garbled]) expect(explained(call)).toEqual({ reason: "missing", status: 404 });
    expect(JSON.stringify(theirs.result)).toBe(JSON.stringify(none.result));
    for (const call of [theirs, await open(recipient.cookie, id), await open(sender.cookie, id)]) {
      const text = JSON.stringify(call.result) + (call.result instanceof Response ? call.result.headers.get("Location") : "");
      for (const needle of ["Sable", "Sender", String(sender.member.id) + "#", sender.member.phone]) expect(text).not.toContain(needle);
    }
  });
});
