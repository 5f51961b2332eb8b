import { redirect } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, callRoute } from "../../tests/support/route";
import { languageCookie } from "./cookies.server";
import { getLocale } from "./i18n.server";
import { setMasterSecret } from "./secrets.server";

beforeAll(() => setMasterSecret("i18n-server-test-secret-0123456789"));

const languageSet = async (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("lng="));
  return cookie ? await languageCookie.parse(cookie.split(";")[0]!) : null;
};

describe("a language asked for with ?lng=", () => {
  it("is used for the request and remembered, also when the answer is a redirect elsewhere", async () => {
    const call = await callRoute(({ context }) => {
      expect(getLocale(context)).toBe("zh");
      throw redirect("/signin?acceptinginvitation=true&partyId=1");
    }, new Request(`${BASE_URL}/accept-invite/1?lng=zh`));
    expect(call.response.status).toBe(302);
    expect(await languageSet(call.response)).toBe("zh");
  });

  it("is not remembered when it is not one of ours, nor when none is asked for", async () => {
    for (const path of ["/newsfeed?lng=fr", "/newsfeed"]) {
      const call = await callRoute(() => ({ ok: true }), new Request(`${BASE_URL}${path}`));
      expect([path, await languageSet(call.response)]).toEqual([path, null]);
    }
  });
});
