/**
 * The resource routes (translations and the preference forms) called with real Requests
 * through the root middleware.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { consentCookie, languageCookie, resetCookieStorages } from "~/platform/cookies.server";
import { resetEnvCache } from "~/platform/env.server";
import { setMasterSecret } from "~/platform/secrets.server";
import { themeSessionResolver } from "~/platform/theme.server";
import { BASE_URL, callRoute, formRequest, outcome, toastOf, type RouteCall } from "../../../tests/support/route";
import * as beamkinsActive from "./beamkins-active";
import * as beamkinsBackpack from "./beamkins-backpack";
import * as beamkinsGiveLight from "./beamkins-give-light";
import * as beamkinsObtain from "./beamkins-obtain";
import * as cookieConsent from "./cookie-consent";
import * as endSession from "./end-session";
import * as language from "./language";
import * as locales from "./locales";
import * as localesAdd from "./locales-add";
import * as reactions from "./reactions";
import * as saluteReceived from "./salute-received";
import * as sessionValidate from "./session-validate";
import * as signOut from "./sign-out";
import * as theme from "./theme";

beforeAll(() => {
  setMasterSecret("test-master-secret-0123456789abcdef");
  resetCookieStorages();
});

/** The HTTP status a loader or action produced, whether returned or thrown. */
function statusOf(call: RouteCall<unknown>): number {
  for (const value of [call.thrown, call.result]) {
    if (value instanceof Response) return value.status;
    if (value && typeof value === "object" && "init" in value) {
      return (value as { init?: { status?: number } | null }).init?.status ?? 200;
    }
  }
  if (call.thrown) throw call.thrown;
  return 200;
}

function responseOf(call: RouteCall<unknown>): Response {
  const value = call.result ?? call.thrown;
  if (!(value instanceof Response)) throw new Error(`expected a Response, got ${String(value)}`);
  return value;
}

/** A Set-Cookie value as the browser would send it back. */
const asCookieHeader = (setCookie: string | null) => (setCookie ?? "").split(";")[0]!;

describe("GET /locales/{lng}/{ns}.json", () => {
  const get = (lng: string, file: string) =>
    callRoute(locales.loader, new Request(`${BASE_URL}/locales/${lng}/${file}`), { params: { lng, file } });

  it("serves a namespace's translations, cacheable for a few minutes", async () => {
    for (const lng of ["en", "zh"]) {
      const call = await get(lng, "common.json");
      expect(statusOf(call)).toBe(200);
      const response = responseOf(call);
      expect(response.headers.get("Cache-Control")).toMatch(/max-age=300/);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).length).toBeGreaterThan(0);
    }
  });

  it("answers 404 for an unknown language, namespace or file name", async () => {
    expect(statusOf(await get("fr", "common.json"))).toBe(404);
    expect(statusOf(await get("en", "no-such-namespace.json"))).toBe(404);
    expect(statusOf(await get("en", "common.yaml"))).toBe(404);
    expect(statusOf(await get("en", "..%2Fcommon.json"))).toBe(404);
    expect(statusOf(await get("en", "__proto__.json"))).toBe(404);
    expect(statusOf(await get("en", "constructor.json"))).toBe(404);
    expect(statusOf(await get("zh", "hasownproperty.json"))).toBe(404);
  });
});

describe("POST /locales/add/{lng}/{ns}", () => {
  const post = (lng: string, ns: string, body: string, headers: Record<string, string> = {}) =>
    callRoute(
      localesAdd.action,
      new Request(`${BASE_URL}/locales/add/${lng}/${ns}`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", ...headers },
      }),
      { params: { lng, ns } },
    );

  afterEach(() => {
    process.env.NODE_ENV = "test";
    resetEnvCache();
  });

  it("records missing keys outside production (201)", async () => {
    const call = await post("en", "common", JSON.stringify({ "missing.key.one": "Missing one" }));
    expect(statusOf(call)).toBe(201);
  });

  it("does not exist in production (404)", async () => {
    process.env.NODE_ENV = "production";
    resetEnvCache();
    const call = await post("en", "common", JSON.stringify({ "missing.key.two": "Missing two" }));
    expect(statusOf(call)).toBe(404);
  });

  it("refuses unknown languages, bad namespaces and bodies that are not a key map (400)", async () => {
    const ok = JSON.stringify({ a: "b" });
    expect(statusOf(await post("fr", "common", ok))).toBe(400);
    expect(statusOf(await post("en", "../secrets", ok))).toBe(400);
    expect(statusOf(await post("en", "common", "not json"))).toBe(400);
    expect(statusOf(await post("en", "common", JSON.stringify(["a", "b"])))).toBe(400);
    expect(statusOf(await post("en", "common", JSON.stringify({ a: 42 })))).toBe(400);
    const tooMany = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, "v"]));
    expect(statusOf(await post("en", "common", JSON.stringify(tooMany)))).toBe(400);
  });

  it("refuses a body over 16 KB (413), declared or not", async () => {
    const big = JSON.stringify({ key: "x".repeat(17 * 1024) });
    expect(statusOf(await post("en", "common", big))).toBe(413);
    expect(statusOf(await post("en", "common", "{}", { "Content-Length": String(1024 * 1024) }))).toBe(413);
  });
});

describe("POST /preferences/theme", () => {
  it("remembers a theme chosen with a plain form and goes back", async () => {
    const call = await callRoute(theme.action, formRequest("/preferences/theme", { theme: "dark", redirectTo: "/newsfeed?page=2" }));
    const response = responseOf(call);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/newsfeed?page=2");
    const cookie = asCookieHeader(response.headers.get("Set-Cookie"));
    expect(cookie).toMatch(/^theme=/);
    const session = await themeSessionResolver(new Request(BASE_URL, { headers: { Cookie: cookie } }));
    expect(session.getTheme()).toBe("dark");
  });

  it("forgets the choice for 'system', so the page follows the OS again", async () => {
    const call = await callRoute(theme.action, formRequest("/preferences/theme", { theme: "system" }));
    const response = responseOf(call);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
  });

  it("accepts remix-themes' JSON post and answers with data, not a redirect", async () => {
    const call = await callRoute(
      theme.action,
      new Request(`${BASE_URL}/preferences/theme`, {
        method: "POST",
        body: JSON.stringify({ theme: "light" }),
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(statusOf(call)).toBe(200);
    const result = call.result as { data: unknown; init: { headers: Record<string, string> } };
    expect(result.data).toEqual({ success: true, result: null });
    const cookie = asCookieHeader(result.init.headers["Set-Cookie"]!);
    const session = await themeSessionResolver(new Request(BASE_URL, { headers: { Cookie: cookie } }));
    expect(session.getTheme()).toBe("light");
  });

  it("refuses an unknown theme (400) and never redirects off the site", async () => {
    expect(statusOf(await callRoute(theme.action, formRequest("/preferences/theme", { theme: "neon" })))).toBe(400);
    const away = await callRoute(theme.action, formRequest("/preferences/theme", { theme: "dark", redirectTo: "//evil.example/x" }));
    expect(responseOf(away).headers.get("Location")).toBe("/");
  });
});

describe("POST /preferences/language", () => {
  it("remembers the language and drops ?lng= from the address it returns to", async () => {
    const call = await callRoute(
      language.action,
      formRequest("/preferences/language", { lng: "zh", redirectTo: "/newsfeed?lng=en&page=2#top" }),
    );
    const response = responseOf(call);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/newsfeed?page=2#top");
    const cookie = asCookieHeader(response.headers.get("Set-Cookie"));
    expect(await languageCookie.parse(cookie)).toBe("zh");
  });

  it("only redirects within the site", async () => {
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const call = await callRoute(language.action, formRequest("/preferences/language", { lng: "en", redirectTo }));
      expect(responseOf(call).headers.get("Location")).toBe("/");
    }
  });

  it("refuses an unknown language (400)", async () => {
    const call = await callRoute(language.action, formRequest("/preferences/language", { lng: "fr" }));
    expect(statusOf(call)).toBe(400);
  });
});

describe("POST /preferences/cookies", () => {
  it("remembers acceptance and refusal in a cookie the server can read", async () => {
    for (const [choice, value] of [["accept", "yes"], ["decline", "no"]] as const) {
      const call = await callRoute(
        cookieConsent.action,
        formRequest("/preferences/cookies", { choice, redirectTo: "/landing" }),
      );
      const response = responseOf(call);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/landing");
      expect(response.headers.get("Set-Cookie")).not.toMatch(/HttpOnly/i);
      expect(await consentCookie.parse(asCookieHeader(response.headers.get("Set-Cookie")))).toBe(value);
    }
  });

  it("refuses anything but accept or decline (400) and stays on the site", async () => {
    expect(statusOf(await callRoute(cookieConsent.action, formRequest("/preferences/cookies", { choice: "maybe" })))).toBe(400);
    const away = await callRoute(
      cookieConsent.action,
      formRequest("/preferences/cookies", { choice: "accept", redirectTo: "https://evil.example" }),
    );
    expect(responseOf(away).headers.get("Location")).toBe("/");
  });

});

describe("a preference form posted with a value it does not know", () => {
  const cases = [
    ["/preferences/language", language.action, { lng: "fr" }],
    ["/preferences/theme", theme.action, { theme: "purple" }],
    ["/preferences/cookies", cookieConsent.action, { choice: "maybe" }],
  ] as const;

  it.each(cases)("%s sends a browser back where it was, with the reason as a toast in its language", async (path, action, fields) => {
    const call = await callRoute(
      action as never,
      formRequest(`${path}?lng=zh`, { ...fields, redirectTo: "/newsfeed" }, { headers: { accept: "text/html" } }),
    );
    expect(outcome(call)).toMatchObject({ status: 303, location: "/newsfeed" });
    expect(await toastOf(call.response)).toEqual({ type: "error", message: "你的请求有问题，请重试" });
  });

  it.each(cases)("%s answers a script 400 with the translated reason", async (path, action, fields) => {
    const call = await callRoute(action as never, formRequest(path, fields, { headers: { accept: "application/json" } }));
    expect(outcome(call)).toMatchObject({
      status: 400,
      data: { success: false, type: "BAD_REQUEST", message: "Something is wrong with your request, please try again" },
    });
  });
});

describe("addresses that only take posts, opened with GET", () => {
  // Every resource route whose only job is a form post, and the page its forms live on.
  const postOnly = [
    ["/beamkins/active", beamkinsActive.loader, "/beamkins"],
    ["/beamkins/backpack", beamkinsBackpack.loader, "/beamkins"],
    ["/beamkins/give-light", beamkinsGiveLight.loader, "/beamkins"],
    ["/beamkins/obtain", beamkinsObtain.loader, "/beamkins"],
    ["/preferences/cookies", cookieConsent.loader, "/home"],
    ["/preferences/language", language.loader, "/home"],
    ["/preferences/theme", theme.loader, "/home"],
    ["/session/end", endSession.loader, "/home"],
    ["/sessionvalidation", sessionValidate.loader, "/home"],
    ["/signout", signOut.loader, "/home"],
    ["/reactions", reactions.loader, "/newsfeed"],
    ["/salutes/received", saluteReceived.loader, "/salute-select"],
  ] as const;
  const browser = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

  it.each(postOnly)("a browser opening %s goes to the page its forms are on", async (path, loader, page) => {
    const call = await callRoute(loader as never, new Request(`${BASE_URL}${path}`, { headers: browser }));
    expect(statusOf(call)).toBe(302);
    expect(responseOf(call).headers.get("Location")).toBe(page);
  });

  it.each(postOnly)("anything else asking for %s gets 405, Allow: POST and a translated reason", async (path, loader) => {
    const call = await callRoute(loader as never, new Request(`${BASE_URL}${path}?lng=zh`, { headers: { accept: "application/json" } }));
    expect(statusOf(call)).toBe(405);
    const thrown = call.thrown as { data: { success: boolean; type: string; message: string }; init: { headers: Record<string, string> } };
    expect(thrown.init.headers.Allow).toBe("POST");
    expect(thrown.data).toMatchObject({ success: false, type: "BAD_REQUEST" });
    expect(thrown.data.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
