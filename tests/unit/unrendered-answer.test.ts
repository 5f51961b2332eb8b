/**
 * Issue 36, point 2: no write before an answer that cannot be given. On 386d12f a script's
 * post to /playquest opened the prize box, stored its roll, and then the page was drawn
 * around the JSON answer and crashed: a 500 after the commit. Here the page that shows an
 * opened box cannot be drawn at all (tests/support/unrenderable-reveal-server.mjs throws as
 * React starts on /playquest?opened=…), and still: a write is answered without drawing
 * anything (a redirect, or the envelope), its page failing afterwards undoes nothing and
 * leaves nothing half-done, and the same press again changes nothing more.
 */
import { describe, expect, it } from "vitest";
import { BROWSER, demoServer } from "../support/demo-server";

const demo = demoServer("unrendered-answer", "tests/support/unrenderable-reveal-server.mjs");
const { send, memberCookie } = demo;

const ADA = "+15550100001";

/** Ada's prize boxes still waiting, as /playquest lists them (that page draws). */
async function waitingBoxes(cookie: string): Promise<number[]> {
  const page = await send("GET", "/playquest", { headers: { Cookie: cookie, Accept: BROWSER } });
  expect(page.status).toBe(200);
  return [...page.text.matchAll(/name="boxId" value="(\d+)"/g)].map((m) => Number(m[1]));
}

describe("a write whose page cannot be drawn (issue 36, point 2)", () => {
  it("opening a prize box without JavaScript: answered by a redirect, the reveal's 500 after it undoes nothing, the box opened once with its prize", async () => {
    const ada = await memberCookie(ADA);
    const [boxId] = await waitingBoxes(ada);
    expect(boxId, "Ada's unopened box from the demo world").toBeDefined();

    const press = await send("POST", "/playquest", {
      headers: { Cookie: ada, Accept: BROWSER, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "open-box", boxId: String(boxId) }).toString(),
    });
    // The write's answer draws nothing: it goes to the reveal.
    expect(press.status).toBe(303);
    const reveal = String(press.headers.location);
    expect(reveal).toMatch(new RegExp(`^/playquest\\?opened=${boxId}\\b`));

    // The reveal fails to render: that request's 500 is the broken page's alone.
    const from = demo.server.lines.length;
    expect((await send("GET", reveal, { headers: { Cookie: ada, Accept: BROWSER } })).status).toBe(500);
    expect(demo.server.lines.slice(from).join("\n")).toContain("the prize reveal cannot be drawn");

    // Nothing half-done: the box is no longer waiting, and asked again (as a script, which
    // is never drawn a page) it is the same box, opened once, its prize stored whole.
    expect(await waitingBoxes(ada)).not.toContain(boxId);
    const again = await send("POST", "/playquest", {
      headers: { Cookie: ada, Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "open-box", boxId }),
    });
    expect(again.status, again.text.slice(0, 300)).toBe(200);
    const { result } = again.json() as { result: { id: number; already: boolean; kind: string } };
    expect(result).toMatchObject({ id: boxId, already: true });
    expect(result.kind).toEqual(expect.any(String));
  });
});
