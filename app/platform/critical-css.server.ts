/**
 * The stylesheet's rules a page can use, written into the page itself (decision 1262).
 *
 * A `<link rel="stylesheet">` in `<head>` holds the first paint until the file arrives: on
 * a slow phone's first visit that is one more round trip after the HTML (562 ms on Slow
 * 4G). The whole stylesheet (about 10 KB gzipped) does not fit in the HTML's 14 KB beside a
 * member's page, so each page carries the rules that can match it: a rule is left out only
 * when its selector needs a class or an element the page does not have, a custom property
 * when nothing kept reads it, a font when nothing kept names it. The full stylesheet
 * follows at the end of the body, where it holds no paint back, for what scripts add later
 * (a dialog, the companion) and for the pages a member goes on to; cached, it costs later
 * visits nothing.
 *
 * Nothing changes when it arrives: it holds the same rules in the same order, and the ones
 * the page did not carry cannot match anything on it.
 *
 * The stylesheet is read once (it is Tailwind's output: rules, @layer, @media, @supports,
 * @font-face, @property, @keyframes; nesting already flattened by the build) into units
 * with what each needs; a page then costs one pass over its tags and attributes and one
 * over the units.
 */

import fs from "node:fs";
import path from "node:path";
import type { HtmlAmendment } from "./html-stream.server";

/** What a selector needs on the page: ".name" for a class, "tag" for an element. */
type Needs = string[][] | null;

/** A piece of the stylesheet, kept or left out as a whole (a custom property: one by one). */
type Unit =
  /** A style rule, kept when one of its selectors' needs are all on the page (null: always). */
  | { kind: "rule"; text: string; needs: Needs; reads: string[] }
  /** A style rule that only sets custom properties: those that something kept reads. */
  | { kind: "properties"; selector: string; needs: Needs; declarations: { name: string; text: string }[] }
  /** `@property --name {…}`: kept when something kept reads --name. */
  | { kind: "registration"; name: string; text: string }
  /** `@font-face`: kept when something kept names its family, and the page has a character it covers. */
  | { kind: "font"; family: string; text: string; covers: RegExp | null }
  /** Any other at-rule without rules inside (@keyframes, `@layer a, b;`): always kept. */
  | { kind: "always"; text: string; reads: string[] }
  /** @media, @supports, @layer {…}: kept with what is kept inside it. */
  | { kind: "group"; prelude: string; units: Unit[]; keepEmpty: boolean };

export interface StylesheetIndex {
  units: Unit[];
  /** Every custom property a declaration sets, with the ones its value reads. */
  reads: Map<string, string[]>;
}

/** At-rules whose block holds rules (the rest hold declarations or keyframes). */
const GROUPING = new Set(["media", "supports", "layer", "container", "scope", "starting-style", "document"]);

/** The index after a quoted string, a comment or an escape that starts at `i`, or `i`. */
function skipOpaque(css: string, i: number): number {
  const c = css[i];
  if (c === "\\") return i + 2;
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== c) j += css[j] === "\\" ? 2 : 1;
    return j + 1;
  }
  if (c === "/" && css[i + 1] === "*") {
    const end = css.indexOf("*/", i + 2);
    return end === -1 ? css.length : end + 2;
  }
  return i;
}

/** The index of the first of `stops` at depth 0 (brackets and parentheses counted) from `i`. */
function scanTo(css: string, i: number, stops: string, to = css.length): number {
  let depth = 0;
  while (i < to) {
    const skipped = skipOpaque(css, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const c = css[i]!;
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && stops.includes(c)) return i;
    i++;
  }
  return to;
}

/**
 * The index just after the bracket that closes the one at `open`: `opens` and `closes` are
 * the brackets counted ("{" and "}" for a block, "([" and ")]" in a selector).
 */
function closingIndex(css: string, open: number, opens = "{", closes = "}"): number {
  let depth = 0;
  let i = open;
  while (i < css.length) {
    const skipped = skipOpaque(css, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    if (opens.includes(css[i]!)) depth++;
    else if (closes.includes(css[i]!) && --depth === 0) return i + 1;
    i++;
  }
  return css.length;
}

/** The custom properties `text` reads (`var(--name`). */
function readsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!))];
}

/**
 * The characters a font face's `unicode-range` covers, as a pattern (null: every one). A face
 * whose range has no character of the page is not downloaded for it (the Chinese partners
 * of the display fonts on an English page), so the page need not carry it.
 */
function unicodeRange(fontFace: string): RegExp | null {
  const range = /unicode-range\s*:\s*([^;}]*)/i.exec(fontFace)?.[1];
  if (!range) return null;
  const classes = range.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    const low = from!.includes("?") ? from!.replaceAll("?", "0") : from!;
    const high = to ?? (from!.includes("?") ? from!.replaceAll("?", "F") : from!);
    return `\\u{${low}}-\\u{${high}}`;
  });
  return new RegExp(`[${classes.join("")}]`, "u");
}

/** A block's declarations, when every one of them sets a custom property; else null. */
function customProperties(css: string, from: number, to: number): { name: string; text: string }[] | null {
  const declarations: { name: string; text: string }[] = [];
  let i = from;
  while (i < to) {
    const end = scanTo(css, i, ";{", to);
    if (css[end] === "{") return null; // a nested rule
    const text = css.slice(i, end).trim();
    if (text) {
      const name = /^(--[\w-]+)\s*:/.exec(text)?.[1];
      if (!name) return null;
      declarations.push({ name, text });
    }
    i = end + 1;
  }
  return declarations;
}

function parseUnits(css: string, from: number, to: number): Unit[] {
  const units: Unit[] = [];
  let i = from;
  while (i < to) {
    const c = css[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "/" && css[i + 1] === "*") {
      i = skipOpaque(css, i);
      continue;
    }
    const stop = scanTo(css, i, "{;}", to);
    if (stop >= to || css[stop] === "}") break; // a stray "}" or the end: nothing more here
    const prelude = css.slice(i, stop).trim();
    if (css[stop] === ";") {
      units.push({ kind: "always", text: `${prelude};`, reads: [] });
      i = stop + 1;
      continue;
    }
    const end = closingIndex(css, stop);
    const text = css.slice(i, end);
    const at = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase();
    if (at && GROUPING.has(at)) {
      units.push({ kind: "group", prelude, units: parseUnits(css, stop + 1, end - 1), keepEmpty: at === "layer" });
    } else if (at === "property") {
      units.push({ kind: "registration", name: prelude.slice("@property".length).trim(), text });
    } else if (at === "font-face") {
      const family = /font-family\s*:\s*(?:"([^"]*)"|'([^']*)'|([^;}]*))/.exec(text);
      units.push({ kind: "font", family: (family?.[1] ?? family?.[2] ?? family?.[3] ?? "").trim(), text, covers: unicodeRange(text) });
    } else if (at) {
      units.push({ kind: "always", text, reads: readsOf(text) });
    } else {
      const declarations = customProperties(css, stop + 1, end - 1);
      const needs = selectorNeeds(prelude);
      units.push(
        declarations
          ? { kind: "properties", selector: prelude, needs, declarations }
          : { kind: "rule", text, needs, reads: readsOf(text) },
      );
    }
    i = end;
  }
  return units;
}

/** A class name as written in a selector (`\:` and hexadecimal escapes), as it is in HTML. */
function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6})\s?|\\([\s\S])/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

/** A class name as a selector writes it. */
const escapeIdent = (name: string) => name.replace(/[^\w-]/g, (c) => `\\${c}`);

/**
 * The parts of a selector every match needs, as selector text: what is inside brackets and
 * parentheses is taken out, but for the parts every selector of an `:is()`, `:where()` or
 * `:has()` needs (Tailwind writes `:where(.space-y-2>:not(:last-child))`, `:where(.dark, .dark *)`
 * and `body:has(.x) #main`). `:has()` looks at other elements, but they are on the page too.
 */
function requiredPart(selector: string): string {
  let out = "";
  let i = 0;
  while (i < selector.length) {
    const skipped = skipOpaque(selector, i);
    if (skipped !== i) {
      out += selector.slice(i, skipped);
      i = skipped;
      continue;
    }
    const c = selector[i]!;
    if (c === "(" || c === "[") {
      const end = closingIndex(selector, i, "([", ")]");
      // An :is(), :where() or :has() needs what each of its selectors needs (Tailwind's dark
      // variant is `:where(.dark, .dark *)`): those parts stand for it, the rest is taken out.
      const common = c === "(" && /:(?:is|where|has)$/i.test(out) ? selectorNeeds(selector.slice(i + 1, end - 1)) : null;
      const shared = common ? common.reduce((all, needs) => all.filter((part) => needs.includes(part))) : [];
      out += `() ${shared.map((part) => (part.startsWith(".") ? `.${escapeIdent(part.slice(1))}` : part)).join(" ")} `;
      i = end;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

const CLASS = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w-]|[\u0080-\uffff])+)/g;
const TAG = /(?:^|[\s>+~])([a-zA-Z][\w-]*)/g;

/**
 * Pseudo-elements only some form controls have, by what the page must hold for one to be
 * there (`pageParts` finds these in the HTML): the base styles' date, search, number and
 * file parts need such an input, a placeholder's style a placeholder.
 */
const CONTROL_PARTS: [RegExp, string][] = [
  [/::-webkit-(?:datetime-edit|date-and-time-value|calendar-picker-indicator)/, "input:datetime"],
  [/::-webkit-search-/, "input:search"],
  [/::-webkit-(?:inner|outer)-spin-button/, "input:number"],
  [/::file-selector-button/, "input:file"],
  [/::placeholder/, "[placeholder]"],
];
const CONTROL_ATTRIBUTES: [RegExp, string][] = [
  [/\stype="(?:date|time|datetime-local|month|week)"/, "input:datetime"],
  [/\stype="search"/, "input:search"],
  [/\stype="number"/, "input:number"],
  [/\stype="file"/, "input:file"],
  [/\splaceholder="/, "[placeholder]"],
];

/**
 * For each selector of a list, what an element must have on the page for it to match: its
 * classes (".name"), element names and form controls' parts; null when one needs none. What is inside
 * `:not()` or an attribute selector is not counted, and of an `:is()`, `:where()` or `:has()`
 * only what all its selectors need (a rule is kept when in doubt).
 */
export function selectorNeeds(selectorList: string): Needs {
  const needs: string[][] = [];
  let i = 0;
  while (i <= selectorList.length) {
    const comma = scanTo(selectorList, i, ",");
    const selector = requiredPart(selectorList.slice(i, comma));
    const classes = [...selector.matchAll(CLASS)].map((m) => `.${unescapeIdent(m[1]!)}`);
    const tags = [...selector.replace(CLASS, " ").replace(/:+[\w-]+/g, " ").matchAll(TAG)].map((m) => m[1]!.toLowerCase());
    const parts = CONTROL_PARTS.filter(([pseudo]) => pseudo.test(selector)).map(([, part]) => part);
    const all = [...new Set([...classes, ...tags, ...parts])];
    if (all.length === 0) return null;
    needs.push(all);
    i = comma + 1;
  }
  return needs;
}

function indexReads(units: Unit[], reads: Map<string, string[]>) {
  for (const unit of units) {
    if (unit.kind === "group") indexReads(unit.units, reads);
    if (unit.kind !== "properties") continue;
    for (const { name, text } of unit.declarations) {
      reads.set(name, [...new Set([...(reads.get(name) ?? []), ...readsOf(text.slice(name.length))])]);
    }
  }
}

export function indexStylesheet(css: string): StylesheetIndex {
  const units = parseUnits(css, 0, css.length);
  const reads = new Map<string, string[]>();
  indexReads(units, reads);
  return { units, reads };
}

const ENTITY = /&(?:amp|quot|lt|gt|#x27|#39);/g;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&#x27;": "'", "&#39;": "'" };

/** What a page has that selectors ask for: each class (".name") and each element name. */
export interface PageParts {
  has: Set<string>;
  /** The page's HTML, for the characters fonts cover. */
  html: string;
  /** Custom properties the page's own `style` attributes read. */
  reads: string[];
}

/** The classes and elements of `html` (React writes attributes in double quotes). */
export function pageParts(html: string): PageParts {
  const has = new Set<string>(["html", "body"]);
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)/g)) has.add(m[1]!.toLowerCase());
  for (const [attribute, part] of CONTROL_ATTRIBUTES) if (attribute.test(html)) has.add(part);
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = m[1]!.includes("&") ? m[1]!.replace(ENTITY, (e) => ENTITIES[e]!) : m[1]!;
    for (const name of value.split(/\s+/)) if (name) has.add(`.${name}`);
  }
  return { has, html, reads: readsOf(html) };
}

const met = (needs: Needs, has: Set<string>) => needs === null || needs.some((all) => all.every((part) => has.has(part)));

/** The custom properties the kept rules read, and what those read in turn. */
function readsKept(units: Unit[], index: StylesheetIndex, page: PageParts): Set<string> {
  const found = new Set<string>();
  const walk = (list: Unit[]) => {
    for (const unit of list) {
      if (unit.kind === "group") walk(unit.units);
      else if ((unit.kind === "rule" && met(unit.needs, page.has)) || unit.kind === "always") for (const name of unit.reads) found.add(name);
    }
  };
  walk(units);
  const queue = [...found, ...page.reads];
  for (const name of queue) found.add(name);
  while (queue.length) {
    for (const next of index.reads.get(queue.pop()!) ?? []) {
      if (!found.has(next)) {
        found.add(next);
        queue.push(next);
      }
    }
  }
  return found;
}

function write(units: Unit[], keep: (unit: Exclude<Unit, { kind: "group" }>) => string | null, out: string[]): boolean {
  let kept = false;
  for (const unit of units) {
    if (unit.kind === "group") {
      const at = out.length;
      out.push(`${unit.prelude}{`);
      if (write(unit.units, keep, out) || unit.keepEmpty) {
        out.push("}");
        kept = true;
      } else {
        out.length = at;
      }
      continue;
    }
    const text = keep(unit);
    if (text !== null) {
      out.push(text);
      kept = true;
    }
  }
  return kept;
}

/**
 * The part of the stylesheet a page with these parts can use, in the stylesheet's order.
 * Every @layer is kept, empty or not, so the layers' order is the stylesheet's.
 */
export function criticalCss(index: StylesheetIndex, page: PageParts): string {
  const reads = readsKept(index.units, index, page);
  const out: string[] = [];
  write(
    index.units,
    (unit) => {
      switch (unit.kind) {
        case "rule":
          return met(unit.needs, page.has) ? unit.text : null;
        case "always":
          return unit.text;
        case "registration":
          return reads.has(unit.name) ? unit.text : null;
        case "properties": {
          if (!met(unit.needs, page.has)) return null;
          const kept = unit.declarations.filter((d) => reads.has(d.name));
          return kept.length ? `${unit.selector}{${kept.map((d) => d.text).join(";")}}` : null;
        }
        case "font":
          return null; // after the rest: kept when what is kept names its family
      }
    },
    out,
  );
  const used = out.join("");
  // Fonts are top-level rules: their place in the stylesheet does not change what they do.
  const fonts = index.units.filter(
    (unit) => unit.kind === "font" && unit.family !== "" && used.includes(unit.family) && (!unit.covers || unit.covers.test(page.html)),
  );
  return used + fonts.map((unit) => (unit as { text: string }).text).join("");
}

/** Where a stylesheet's link stands in a page, as React writes it (with or without a nonce). */
function stylesheetLink(href: string): RegExp {
  const escaped = href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`<link\\b[^>]*\\brel="stylesheet"[^>]*\\bhref="${escaped}"[^>]*>`);
}

/**
 * The page with the rules it can use in `<head>` (a `<style>` where the stylesheet's link
 * was) and the link itself moved to the end of `<body>`, where it holds no paint back and
 * React finds it when it hydrates. A page without that link is left as it is.
 */
export function withCriticalCss(page: string, index: StylesheetIndex, href: string): string {
  const link = stylesheetLink(href).exec(page);
  const bodyEnd = page.lastIndexOf("</body>");
  if (!link || bodyEnd === -1 || link.index > page.indexOf("</head>")) return page;
  const css = criticalCss(index, pageParts(page));
  // Tailwind writes no "</style" (it would end the element early): the link stays then.
  if (/<\/style/i.test(css)) return page;
  // What the page shows has its rules already: the rest waits for the scripts and translations.
  const moved = link[0].replace("<link ", '<link fetchpriority="low" ');
  // The style element carries the link's nonce, as every inline element of the page does.
  const nonce = /\snonce="([^"]*)"/.exec(link[0])?.[1];
  return `${page.slice(0, link.index)}<style${nonce ? ` nonce="${nonce}"` : ""}>${css}</style>${page.slice(link.index + link[0].length, bodyEnd)}${moved}${page.slice(bodyEnd)}`;
}

/**
 * `withCriticalCss` on the page's bytes as they stream out: the page is held until it is
 * whole (entry.server sends it only when all of it is rendered, so nothing waits longer for
 * it), then handed on, through `then` when given (the scripts' priority).
 */
export function criticalCssAmendment(index: StylesheetIndex, href: string, then?: HtmlAmendment): HtmlAmendment {
  const pieces: Uint8Array[] = [];
  return {
    piece(bytes) {
      pieces.push(bytes);
      return new Uint8Array(0);
    },
    rest() {
      const page = withCriticalCss(new TextDecoder().decode(Buffer.concat(pieces)), index, href);
      pieces.length = 0;
      const bytes = new TextEncoder().encode(page);
      return then ? Buffer.concat([then.piece(bytes), then.rest()]) : bytes;
    },
  };
}

/**
 * The index of the built stylesheet at `href` (a `/static/…` address of the client build)
 * and of its font faces, which the build keeps beside it (scripts/font-faces.ts). Null when
 * there is no such file: in development Vite serves the stylesheet itself, faces included,
 * and pages keep their link. entry.server.tsx reads it once, when it loads: the built files
 * never change while the server runs (their names carry their content's hash).
 */
export function builtStylesheet(href: string, clientDir = path.resolve(process.env.GLOW_BUILD_DIR ?? "build", "client")): StylesheetIndex | null {
  const file = path.join(clientDir, href);
  if (!href.startsWith("/static/") || !fs.existsSync(file)) return null;
  const faces = file.replace(/\.css$/, ".font-faces.css");
  return indexStylesheet(fs.readFileSync(file, "utf8") + (fs.existsSync(faces) ? fs.readFileSync(faces, "utf8") : ""));
}
