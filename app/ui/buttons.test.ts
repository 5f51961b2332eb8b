import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as looks from "./buttons";

const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");

describe("button looks", () => {
  it.each(Object.entries(looks))("%s is drawn by app.css, dimmed while disabled or while its post is on its way (aria-disabled)", (_, name) => {
    const rule = new RegExp(`\\.${name} \\{\\s*@apply ([^;]+);`).exec(css);
    expect(rule, `.${name} in app.css`).not.toBeNull();
    expect(rule![1]!.split(" ")).toEqual(expect.arrayContaining(["disabled:opacity-60", "aria-disabled:opacity-60"]));
  });
});
