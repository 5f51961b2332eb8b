import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { consentCookie } from "~/platform/cookies.server";
import { getSession } from "~/platform/session.server";
import { DRAFT_MAX_AGE_MS, DRAFT_MAX_BYTES, pageAddress, readDraftValues, takeDraft } from "./drafts.server";
import { callRoute } from "../../../tests/support/route";
import { requireMember } from "./principal.server";

beforeAll(async () => {
  await createTestDatabase();
});

/** A compliment form posted from /compliment?to=9 by a browser whose session has ended. */
async function postedAfterSessionEnded(fields: Record<string, string>, options: { consent?: boolean; json?: boolean } = {}) {
  const cookie = options.consent === false ? "" : await consentCookie.serialize("yes");
  return new Request("http://glow.test/compliment?to=9", {
    method: "POST",
    headers: {
      Cookie: cookie.split(";")[0]!,
      Referer: "http://glow.test/compliment?to=9",
      Accept: options.json ? "application/json" : "text/html",
    },
    body: new URLSearchParams(fields),
  });
}

async function refusal(request: Request) {
  const call = await callRoute(({ context }) => requireMember(context), request);
  if (call.thrown) return call.thrown as Response;
  throw new Error("requireMember let a request without a session through");
}

/** The session a browser would send back with the refusal's cookie. */
async function sessionAfter(response: Response) {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0]!;
  return getSession(new Request("http://glow.test/signin", { headers: { Cookie: cookie } }));
}

describe("a form posted after the session ended", () => {
  it("goes to sign-in with its typed text kept for the page it came from, given back there once", async () => {
    const response = await refusal(await postedAfterSessionEnded({ recipientId: "9", message: "你好 — well done!", gems: "2" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin?redirectTo=%2Fcompliment%3Fto%3D9&expired=1");
    const session = await sessionAfter(response);

    // Not on the sign-in page, nor on another page…
    expect((await takeDraft(session, new URL("http://glow.test/signin?redirectTo=%2Fcompliment%3Fto%3D9"))).values).toBeNull();
    expect((await takeDraft(session, new URL("http://glow.test/compliment?to=10"))).values).toBeNull();
    // … but on the page it was typed on, whether the document or React Router's data request asks.
    const back = await takeDraft(session, new URL("http://glow.test/compliment.data?to=9&_routes=root%2Croutes%2Fcompliment"));
    expect(back).toEqual({ values: { recipientId: "9", message: "你好 — well done!", gems: "2" }, changed: true });
    expect((await takeDraft(session, new URL("http://glow.test/compliment?to=9"))).values).toBeNull();
  });

  it("keeps nothing when cookies were not accepted, when nothing was typed, or for a script asking for JSON", async () => {
    const declined = await refusal(await postedAfterSessionEnded({ message: "hi" }, { consent: false }));
    expect(declined.headers.get("Set-Cookie")).toBeNull();
    const blank = await refusal(await postedAfterSessionEnded({ recipientId: "", message: "  " }));
    expect(blank.headers.get("Set-Cookie")).toBeNull();
    // (data(), not a Response: a 401 with the catalogue's entry, and no cookie at all)
    const json = (await refusal(await postedAfterSessionEnded({ message: "hi" }, { json: true }))) as unknown as {
      init: ResponseInit;
    };
    expect(json.init.status).toBe(401);
    expect(json.init.headers).toBeUndefined();
  });

  it("is forgotten after half an hour", async () => {
    const session = await sessionAfter(await refusal(await postedAfterSessionEnded({ message: "hi" })));
    const later = new Date(Date.now() + DRAFT_MAX_AGE_MS + 1000);
    expect(await takeDraft(session, new URL("http://glow.test/compliment?to=9"), later)).toEqual({ values: null, changed: true });
    expect(session.get("draft")).toBeUndefined();
  });
});

describe("what a draft keeps", () => {
  const form = (fields: [string, string][]) =>
    new Request("http://glow.test/x", { method: "POST", body: new URLSearchParams(fields) });

  it("whole fields while they fit; one too long is left out, not cut", async () => {
    const long = "星".repeat(DRAFT_MAX_BYTES); // 3 bytes each in UTF-8
    expect(await readDraftValues(form([["message", long], ["note", "short"]]))).toEqual({ note: "short" });
  });

  it("nothing from a body already read or that is not a form", async () => {
    const used = form([["message", "hi"]]);
    await used.text();
    expect(await readDraftValues(used)).toBeNull();
    const json = new Request("http://glow.test/x", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(await readDraftValues(json)).toBeNull();
  });

  it("addresses as the address bar shows them", () => {
    expect(pageAddress(new URL("http://glow.test/_root.data?_routes=root"))).toBe("/");
    expect(pageAddress(new URL("http://glow.test/compliment?q=a%20b"))).toBe("/compliment?q=a+b");
  });
});
