import { redirect } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, callRoute } from "../../tests/support/route";
import { languageCookie } from "./cookies.server";
import { getInstance, getLocale, serverTranslations } from "./i18n.server";
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

describe("a page's text on the server", () => {
  it("gives what i18next gives, plain lookups made once a language and lookups with values each time", async () => {
    let i18n!: ReturnType<typeof getInstance>;
    await callRoute(({ context }) => {
      i18n = getInstance(context);
      return { ok: true };
    }, new Request(`${BASE_URL}/newsfeed?lng=zh`));
    expect(i18n.language).toBe("zh");
    let lookups = 0;
    const counted = new Proxy(i18n, {
      get: (target, property, receiver) =>
        property === "t" ? (...args: Parameters<typeof target.t>) => (lookups++, target.t(...args)) : Reflect.get(target, property, receiver),
    });
    const first = serverTranslations(counted).fixedT(["newsfeed"]);
    const again = serverTranslations(counted).fixedT(["newsfeed"]);
    expect(first("heading")).toBe(i18n.t("heading", { ns: ["newsfeed"] }));
    expect(again("heading")).toBe(first("heading"));
    expect(lookups).toBe(1);
    // Another namespace list, values or a count: each its own text.
    expect(serverTranslations(counted).fixedT(["common"])("appName")).toBe(i18n.t("appName", { ns: ["common"] }));
    const withCount = serverTranslations(counted).fixedT(["common"]);
    expect(withCount("wait.minutes", { count: 3 })).toBe(i18n.t("wait.minutes", { ns: ["common"], count: 3 }));
    expect(withCount("wait.minutes", { count: 1 })).toBe(i18n.t("wait.minutes", { ns: ["common"], count: 1 }));
    expect(withCount("wait.minutes", { count: 1 })).not.toBe(withCount("wait.minutes", { count: 3 }));
    expect(lookups).toBe(6);
  });
});
