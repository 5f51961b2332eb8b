import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import resources from "./index";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const dir = path.dirname(new URL(import.meta.url).pathname);
const namespaces = fs.readdirSync(path.join(dir, "en")).map((f) => f.replace(/\.json$/, ""));

describe("translations", () => {
  it("has an English and a Chinese file for every namespace", () => {
    const zh = fs.readdirSync(path.join(dir, "zh")).map((f) => f.replace(/\.json$/, ""));
    expect(zh.sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)("zh has every key that en has in %s", (ns) => {
    const en = keys(resources.en?.[ns]);
    const zh = new Set(keys(resources.zh?.[ns]));
    expect(en.filter((k) => !zh.has(k))).toEqual([]);
  });

  it.each(namespaces)("zh has no key that en lacks in %s", (ns) => {
    const en = new Set(keys(resources.en?.[ns]));
    expect(keys(resources.zh?.[ns]).filter((k) => !en.has(k))).toEqual([]);
  });

  it.each(namespaces)("no zh value in %s is left empty", (ns) => {
    const flat = (value: unknown): string[] =>
      typeof value === "string" ? [value] : Object.values(value as object).flatMap(flat);
    expect(flat(resources.zh?.[ns]).filter((v) => v.trim() === "")).toEqual([]);
  });
});

describe("Chinese as a Chinese reader expects it", () => {
  const strings = (value: unknown, prefix = ""): Array<[string, string]> =>
    typeof value === "string"
      ? [[prefix, value]]
      : Object.entries(value as object).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
  const cjk = "[\\u3400-\\u9fff]";

  it.each(namespaces)("zh in %s uses full-width punctuation beside Chinese text", (ns) => {
    // "加载中..." or "你好,Ada" or "姓(可选)": half-width marks read as a foreign text's.
    const halfWidth = new RegExp(`${cjk}[,!?:;()]|[,!?:;()]${cjk}|\\.\\.\\.`);
    expect(strings(resources.zh?.[ns]).filter(([, v]) => halfWidth.test(v))).toEqual([]);
  });

  it.each(namespaces)("zh in %s speaks to the member as 你 throughout, never 您", (ns) => {
    expect(strings(resources.zh?.[ns]).filter(([, v]) => v.includes("您"))).toEqual([]);
  });

  it.each(namespaces)("zh in %s calls the ringleader 领队 throughout, never 队长", (ns) => {
    // One role, one word (decision 1020): the party screens' 领队 is the word most texts used.
    expect(strings(resources.zh?.[ns]).filter(([, v]) => v.includes("队长"))).toEqual([]);
  });
});
