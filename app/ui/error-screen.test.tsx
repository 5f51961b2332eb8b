/**
 * The error catalogue on screens (issue 40, point 11), in English and Chinese: the
 * EXPIRED_SESSION and UNAUTHORIZED screens offer the spec's "Go back to Login", which leads
 * to sign-in and back to the page the member was on; the not-found page says the
 * catalogue's NOT_FOUND message beside its own ways out, and never signs anyone out.
 */
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import resources from "~/locales";
import type { Language } from "~/platform/i18n";
import { serverTranslations } from "~/platform/i18n.server";
import { TranslationsProvider } from "~/platform/translations";
import { ErrorScreen } from "./error-screen";
import { NotFoundScreen } from "./not-found-screen";

async function screen(node: React.ReactNode, at: string, lang: Language = "en") {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng: lang, fallbackLng: "en", defaultNS: "common", fallbackNS: "common", interpolation: { escapeValue: false } });
  const path = new URL(at, "http://glow.test").pathname;
  const Stub = createRoutesStub([{ path, Component: () => <>{node}</> }]);
  return renderToString(
    <TranslationsProvider translations={serverTranslations(instance)}>
      <Stub initialEntries={[at]} />
    </TranslationsProvider>,
  ).replace(/&amp;/g, "&");
}

/** The screen's one button: its element, where it goes and what it says. */
function button(html: string) {
  const found = /<(a|button)\b([^>]*)>([^<]*)<\/\1>/.exec(html.slice(html.indexOf('class="mt-8"')));
  return found ? [found[0], found[1], /\bhref="([^"]*)"/.exec(found[2]!)?.[1], found[3]] : null;
}

describe("the error screens' buttons", () => {
  it("EXPIRED_SESSION: 'Go back to Login' goes to sign-in, which brings the member back to the page", async () => {
    const html = await screen(<ErrorScreen status={440} />, "/quests/7?step=2");
    expect(html).toContain("Your session has expired, please go back and log in");
    const [, tag, to, text] = button(html)!;
    expect([tag, to, text]).toEqual(["a", "/signin?redirectTo=%2Fquests%2F7%3Fstep%3D2", "Go back to Login"]);
    // Nothing posts to the sign-out any more: the session is over already.
    expect(html).not.toContain("/session/end");
  });

  it("UNAUTHORIZED: the same button, in English and Chinese; a data request's address is the page's", async () => {
    const en = await screen(<ErrorScreen status={401} />, "/newsfeed.data?_routes=routes%2Fnewsfeed");
    expect(en).toContain("Your session has expired, please go back and log in again");
    expect(button(en)!.slice(1)).toEqual(["a", "/signin?redirectTo=%2Fnewsfeed", "Go back to Login"]);
    const zh = await screen(<ErrorScreen status={401} />, "/profile", "zh");
    expect(zh).toContain("你的会话已过期，请返回并重新登录");
    expect(button(zh)!.slice(1)).toEqual(["a", "/signin?redirectTo=%2Fprofile", "返回登录"]);
  });

  it("from the home page or sign-in itself, sign-in without a way back", async () => {
    expect(button(await screen(<ErrorScreen status={401} />, "/"))![2]).toBe("/signin");
    expect(button(await screen(<ErrorScreen status={401} />, "/signin?redirectTo=%2Fprofile"))![2]).toBe("/signin");
  });

  it("the not-found page says the catalogue's NOT_FOUND message beside its ways back and home, in English and Chinese", async () => {
    const en = await screen(<NotFoundScreen back="/newsfeed" />, "/no-such-page");
    expect(en).toContain("Page not found");
    expect(en).toContain("The resource you are looking for does not exist.");
    expect(en).toMatch(/<a href="\/newsfeed"[^>]*>Go back<\/a>/);
    expect(en).toMatch(/<a href="\/home"[^>]*>Go to the home page<\/a>/);
    expect(en).not.toContain("/session/end");
    const zh = await screen(<NotFoundScreen back={null} />, "/no-such-page", "zh");
    expect(zh).toContain("你要查找的资源不存在。");
    expect(zh).toMatch(/<a href="\/home"[^>]*>回到首页<\/a>/);
  });
});
