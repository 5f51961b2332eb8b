import { describe, expect, it } from "vitest";
import { chosenName } from "./display-name";

const named = (firstName: string | null, lastName: string | null, username: string | null = null) =>
  chosenName({ id: 7, firstName, lastName, username });

describe("chosenName", () => {
  it("writes a Chinese name family name first, without a space", () => {
    expect(named("振仪", "王")).toBe("王振仪");
    expect(named("小明", "欧阳")).toBe("欧阳小明");
  });

  it("keeps Western order for Latin names, and mixed ones", () => {
    expect(named("Ada", "Lovelace")).toBe("Ada Lovelace");
    expect(named("Mei", "林")).toBe("Mei 林");
  });

  it("falls back to one part, then the username, then none (a generated name shows then)", () => {
    expect(named("振仪", null)).toBe("振仪");
    expect(named(" ", "王")).toBe("王");
    expect(named(null, null, "zhenyi")).toBe("zhenyi");
    expect(named(null, null)).toBeNull();
  });
});
