import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtStylesheet, criticalCss, indexStylesheet, pageParts, selectorNeeds, withCriticalCss } from "./critical-css.server";

describe("what a selector needs on the page", () => {
  it("names its classes, unescaped, and its elements", () => {
    expect(selectorNeeds(".flex")).toEqual([[".flex"]]);
    expect(selectorNeeds(".sm\\:flex")).toEqual([[".sm:flex"]]);
    expect(selectorNeeds(".w-\\[min\\(22rem\\,calc\\(100vw-2rem\\)\\)\\]")).toEqual([[".w-[min(22rem,calc(100vw-2rem))]"]]);
    expect(selectorNeeds(".\\32 xl\\:p-2")).toEqual([[".2xl:p-2"]]);
    expect(selectorNeeds(".\\[\\&_td\\]\\:px-2 td")).toEqual([[".[&_td]:px-2", "td"]]);
    expect(selectorNeeds("h1,h2")).toEqual([["h1"], ["h2"]]);
    expect(selectorNeeds("input[type=checkbox],input[type=radio]")).toEqual([["input"], ["input"]]);
    expect(selectorNeeds(".hover\\:bg-glow-700:hover")).toEqual([[".hover:bg-glow-700"]]);
  });

  it("counts an :is(), :where() or :has() by what all its selectors need, and never a :not()", () => {
    expect(selectorNeeds(":where(.space-y-2>:not(:last-child))")).toEqual([[".space-y-2"]]);
    expect(selectorNeeds(".dark\\:bg-slate-900:where(.dark,.dark *)")).toEqual([[".dark:bg-slate-900", ".dark"]]);
    expect(selectorNeeds(".dark\\:bg-slate-900:where(:root:not(.light),:root:not(.light) *)")).toEqual([[".dark:bg-slate-900"]]);
    expect(selectorNeeds("body:has(.x) #main")).toEqual([[".x", "body"]]);
    expect(selectorNeeds("a:not(.active)")).toEqual([["a"]]);
  });

  it("needs nothing it cannot see: the universal selector, :root, attributes alone", () => {
    expect(selectorNeeds("*,:after,:before")).toBeNull();
    expect(selectorNeeds(":root,:host")).toBeNull();
    expect(selectorNeeds("[hidden]:where(:not([hidden=until-found]))")).toBeNull();
  });

  it("ties form controls' own parts to what the page must hold for them", () => {
    expect(selectorNeeds("::-webkit-datetime-edit")).toEqual([["input:datetime"]]);
    expect(selectorNeeds("::placeholder")).toEqual([["[placeholder]"]]);
    expect(pageParts('<input type="date"><textarea placeholder="Say">').has).toEqual(
      new Set(["html", "body", "input", "textarea", "input:datetime", "[placeholder]"]),
    );
  });
});

describe("the page's classes", () => {
  it("are read from its class attributes as React writes them, entities and all", () => {
    const { has } = pageParts('<p class="a  b"></p><td class="[&amp;_td]:px-2 x"></td>');
    expect([...has].filter((part) => part.startsWith("."))).toEqual([".a", ".b", ".[&_td]:px-2", ".x"]);
  });
});

const stylesheet = [
  "@layer theme{:root,:host{--color-a:red;--color-b:var(--color-c);--color-c:blue;--unused:0}}",
  "@layer base{*{margin:0}h1{font-size:2rem}table{border-collapse:collapse}}",
  "@layer components{.field{color:var(--color-a)}}",
  "@layer utilities{.flex{display:flex}.grid{display:grid}.text-b{color:var(--color-b)}@media(min-width:40rem){.sm\\:grid{display:grid}}.shadow{--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}}",
  "@property --tw-shadow{syntax:\"*\";inherits:false}",
  "@property --tw-ring{syntax:\"*\";inherits:false}",
  "@keyframes spin{to{rotate:1turn}}",
  "@font-face{font-family:Pacifico;src:url(/static/pacifico.woff2);font-display:optional}",
  "@font-face{font-family:Monoton;src:url(/static/monoton.woff2);font-display:optional}",
  "@font-face{font-family:Ma Shan Zheng;src:url(/static/zh.woff2);unicode-range:U+6B22,U+8FCE}",
  ".font-pacifico{font-family:Pacifico,Ma Shan Zheng,cursive}",
].join("");
const index = indexStylesheet(stylesheet);

describe("the critical CSS of a page", () => {
  it("keeps what can match the page, in the stylesheet's order, and every layer", () => {
    const css = criticalCss(index, pageParts('<h1 class="flex text-b">Hi</h1>'));
    expect(css).toBe(
      "@layer theme{:root,:host{--color-b:var(--color-c);--color-c:blue}}" +
        "@layer base{*{margin:0}h1{font-size:2rem}}" +
        "@layer components{}" +
        "@layer utilities{.flex{display:flex}.text-b{color:var(--color-b)}}" +
        "@keyframes spin{to{rotate:1turn}}",
    );
  });

  it("keeps a rule inside @media with its condition, a registered property when read, and a font when named", () => {
    const css = criticalCss(index, pageParts('<div class="sm:grid shadow font-pacifico field"></div>'));
    expect(css).toContain("@media(min-width:40rem){.sm\\:grid{display:grid}}");
    expect(css).toContain("@property --tw-shadow");
    expect(css).not.toContain("--tw-ring");
    expect(css).toContain("--color-a:red");
    expect(css).toContain("@font-face{font-family:Pacifico");
    expect(css).not.toContain("Monoton");
    // A face whose characters are not on the page is not downloaded for it.
    expect(css).not.toContain("Ma Shan Zheng;src");
    expect(criticalCss(index, pageParts('<div class="font-pacifico">欢迎</div>'))).toContain("@font-face{font-family:Ma Shan Zheng");
  });

  it("keeps the custom properties a page's own style attributes read", () => {
    expect(criticalCss(index, pageParts('<div style="color:var(--color-a)"></div>'))).toContain("--color-a:red");
  });
});

describe("a page with its critical CSS", () => {
  const href = "/static/app-1.css";
  const page = (head: string) =>
    `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${head}<title>T</title></head><body><h1 class="flex">Hi</h1><script>x()</script></body></html>`;

  it("has the rules in its head where the stylesheet was, and the stylesheet at the end of its body", () => {
    const link = `<link nonce="n" rel="stylesheet" href="${href}" data-precedence="default"/>`;
    const out = withCriticalCss(page(link), index, href);
    expect(out).toMatch(/<meta charSet="utf-8"\/><style nonce="n">@layer theme\{[^<]*\.flex\{display:flex\}[^<]*<\/style><title>/);
    // At low priority: what the page shows has its rules already.
    expect(out).toContain(`<script>x()</script>${link.replace("<link ", '<link fetchpriority="low" ')}</body></html>`);
    expect(out.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it("is left as it is without the stylesheet's link in its head", () => {
    expect(withCriticalCss(page(""), index, href)).toBe(page(""));
    const elsewhere = page("").replace("<body>", `<body><link rel="stylesheet" href="${href}"/>`);
    expect(withCriticalCss(elsewhere, index, href)).toBe(elsewhere);
  });
});

describe("the built stylesheet", () => {
  it("is read with the font faces the build keeps beside it; not at all in development", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-css-"));
    fs.mkdirSync(path.join(dir, "static"));
    fs.writeFileSync(path.join(dir, "static/app-2.css"), ".font-pacifico{font-family:Pacifico}");
    fs.writeFileSync(path.join(dir, "static/app-2.font-faces.css"), "@font-face{font-family:Pacifico;src:url(/static/p.woff2)}");
    const built = builtStylesheet("/static/app-2.css", dir)!;
    expect(criticalCss(built, pageParts('<a class="font-pacifico">Glow</a>'))).toBe(
      ".font-pacifico{font-family:Pacifico}@font-face{font-family:Pacifico;src:url(/static/p.woff2)}",
    );
    expect(builtStylesheet("/app/app.css", dir)).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
