import { dylan, lorelei, personas, pixelArt } from "@dicebear/collection";
import { describe, expect, it } from "vitest";
import resources from "~/locales";
import { characterStyles } from "~/platform/db/schema";
import { avatarStyles, colorName, lookSearchParams, NO_FEATURE, variantLabel } from "./look";
import {
  catalogueFor,
  creatorCatalogue,
  defaultLook,
  lookToValues,
  parseLook,
  parseLookLenient,
  rawToValues,
  readLookInput,
  SPEC_HAIR,
  SPEC_MOODS,
  SPEC_PROBABILITIES,
  toDiceBearOptions,
  type Look,
} from "./options.server";
import { renderAvatarSvg } from "./render.server";

const ok = (raw: Record<string, unknown>): Look => {
  const result = parseLook(raw);
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.look;
};
const refused = (raw: Record<string, unknown>) => {
  const result = parseLook(raw);
  expect(result.success).toBe(false);
  return result.success ? {} : result.errors;
};

describe("feature lists come from DiceBear's own schemas", () => {
  it("knows the same four styles as the database", () => {
    expect([...avatarStyles]).toEqual([...characterStyles]);
  });

  it("offers exactly the variants each style's schema defines", () => {
    const styles = { pixelArt, dylan, personas, lorelei };
    for (const style of avatarStyles) {
      const props = styles[style].schema.properties as Record<string, { items?: { enum?: string[] } }>;
      for (const feature of catalogueFor(style).features) {
        if (feature.kind === "variant") expect(feature.choices).toEqual(props[feature.name]!.items!.enum);
      }
    }
  });

  it("holds the style with hair and moods to the spec's lists", () => {
    const features = catalogueFor("dylan").features;
    expect(features.find((f) => f.name === "hair")?.choices).toEqual([...SPEC_HAIR]);
    expect(features.find((f) => f.name === "mood")?.choices).toEqual([...SPEC_MOODS]);
  });

  it("accepts a variant of the style and refuses one from another style", () => {
    expect(ok({ style: "dylan", hair: "shaggy", mood: "superHappy" }).traits).toMatchObject({
      hair: "shaggy",
      mood: "superHappy",
    });
    expect(refused({ style: "dylan", hair: "short01" })).toEqual({ hair: { key: "errors.variant" } });
    expect(refused({ style: "dylan", mood: "ecstatic" })).toEqual({ mood: { key: "errors.variant" } });
    expect(refused({ style: "pixelArt", hair: "shaggy" }).hair).toBeDefined();
  });

  it("refuses an unknown style", () => {
    expect(refused({ style: "cubism" })).toHaveProperty("style");
  });

  it("lets 'none' switch off only optional features", () => {
    expect(ok({ style: "pixelArt", glasses: NO_FEATURE }).traits.glasses).toBe(NO_FEATURE);
    expect(refused({ style: "pixelArt", hair: NO_FEATURE })).toHaveProperty("hair");
  });

  it("ignores fields another style would use", () => {
    expect(ok({ style: "dylan", earrings: "variant01" }).traits).not.toHaveProperty("earrings");
  });
});

describe("colours", () => {
  it("take 'transparent' or exactly six hex digits, and are kept in lower case", () => {
    expect(ok({ style: "dylan", hairColor: "1E81B0" }).traits.hairColor).toBe("1e81b0");
    expect(ok({ backgroundColor: ["transparent"] }).backgroundColor).toEqual(["transparent"]);
  });

  it.each(["1e81b0a", "#1e81b0", "1e81b", "red", "gggggg", "", " "])("refuse %j as a colour", (color) => {
    if (color.trim() === "") {
      // An empty choice means "any": not an error, and no colour is stored.
      const form = new URLSearchParams({ style: "dylan", hairColor: color });
      expect(ok(readLookInput(form)).traits.hairColor).toBeUndefined();
      return;
    }
    expect(refused({ style: "dylan", hairColor: color })).toEqual({ hairColor: { key: "errors.color" } });
    expect(refused({ backgroundColor: [color] })).toEqual({ backgroundColor: { key: "errors.color" } });
  });

  it("keep at most two background colours (solid or the two ends of a gradient)", () => {
    expect(ok({ backgroundColor: ["ffffff", "000000"] }).backgroundColor).toEqual(["ffffff", "000000"]);
    expect(refused({ backgroundColor: ["ffffff", "000000", "1e81b0"] })).toHaveProperty("backgroundColor");
  });
});

describe("numeric bounds", () => {
  const cases: [string, number, number][] = [
    ["rotate", 0, 360],
    ["scale", 0, 200],
    ["radius", 0, 50],
    ["translateX", -100, 100],
    ["translateY", -100, 100],
    ["backgroundRotation", -360, 360],
  ];
  it.each(cases)("%s accepts %i to %i and nothing outside", (field, min, max) => {
    expect(ok({ [field]: String(min) })[field as keyof Look]).toBe(min);
    expect(ok({ [field]: String(max) })[field as keyof Look]).toBe(max);
    expect(refused({ [field]: String(min - 1) })).toEqual({
      [field]: { key: "errors.range", values: { min, max } },
    });
    expect(refused({ [field]: String(max + 1) })).toHaveProperty(field);
  });

  it("refuses an out-of-range rotate", () => {
    expect(refused({ rotate: "361" })).toEqual({ rotate: { key: "errors.range", values: { min: 0, max: 360 } } });
    expect(refused({ rotate: "-1" })).toHaveProperty("rotate");
  });

  it("wants whole numbers, as typed", () => {
    for (const value of ["1.5", "1e2", "0x10", "ten", "--1"]) expect(refused({ rotate: value })).toHaveProperty("rotate");
  });

  it("size is at least 1", () => {
    expect(ok({ size: "1" }).size).toBe(1);
    expect(refused({ size: "0" })).toHaveProperty("size");
  });

  it.each(["beardProbability", "glassesProbability"])("%s is a whole percentage", (field) => {
    expect(ok({ style: "pixelArt", [field]: "0" }).traits[field]).toBe(0);
    expect(ok({ style: "pixelArt", [field]: "100" }).traits[field]).toBe(100);
    expect(refused({ style: "pixelArt", [field]: "101" })).toEqual({
      [field]: { key: "errors.range", values: { min: 0, max: 100 } },
    });
    expect(refused({ style: "pixelArt", [field]: "-1" })).toHaveProperty(field);
    expect(refused({ style: "pixelArt", [field]: "50.5" })).toHaveProperty(field);
  });

  it("background type is solid or gradientLinear", () => {
    expect(ok({ backgroundType: "gradientLinear" }).backgroundType).toBe("gradientLinear");
    expect(refused({ backgroundType: "radial" })).toHaveProperty("backgroundType");
  });

  it("a seed is at most 64 characters without control characters", () => {
    expect(ok({ seed: "x".repeat(64) }).seed).toHaveLength(64);
    expect(refused({ seed: "x".repeat(65) })).toHaveProperty("seed");
    expect(refused({ seed: "a\u0000b" })).toHaveProperty("seed");
  });
});

describe("the spec's defaults", () => {
  it("starts as pixelArt with seed Aneka, size 128, scale 100, clipped, not flipped", () => {
    const look = defaultLook();
    expect(look).toMatchObject({
      style: "pixelArt",
      seed: "Aneka",
      size: 128,
      scale: 100,
      rotate: 0,
      radius: 0,
      translateX: 0,
      translateY: 0,
      clip: true,
      flip: false,
      randomizeIds: false,
      backgroundType: "solid",
      backgroundColor: [],
    });
  });

  it("an empty seed is Aneka", () => {
    expect(ok({ seed: "" }).seed).toBe("Aneka");
  });

  it("uses the spec's per-style probabilities (which agree with DiceBear's)", () => {
    expect(defaultLook("pixelArt").traits).toMatchObject({
      accessoriesProbability: 10,
      beardProbability: 5,
      glassesProbability: 20,
      hatProbability: 5,
    });
    expect(defaultLook("lorelei").traits).toMatchObject({
      beardProbability: 5,
      earringsProbability: 10,
      frecklesProbability: 5,
      glassesProbability: 10,
      hairAccessoriesProbability: 5,
    });
    expect(defaultLook("personas").traits).toMatchObject({ facialHairProbability: 10 });
    expect(defaultLook("dylan").traits).toMatchObject({ facialHairProbability: 20 });
    const schemas = { pixelArt, dylan, personas, lorelei };
    for (const style of avatarStyles) {
      const props = schemas[style].schema.properties as Record<string, { default?: unknown }>;
      for (const [name, value] of Object.entries(SPEC_PROBABILITIES[style])) expect(props[name]?.default).toBe(value);
    }
  });

  it("gives skin 8D5524, clothing 1e81b0 and the five hair colours when none is chosen", () => {
    const options = toDiceBearOptions(defaultLook("pixelArt"));
    expect(options.skinColor).toEqual(["8D5524"]);
    expect(options.clothingColor).toEqual(["1e81b0"]);
    expect(options.hairColor).toEqual(["000000", "ff543d", "fff500", "1d5dff", "ffffff"]);
    expect(options.size).toBe(128);
    expect(toDiceBearOptions(defaultLook("dylan")).facialHairProbability).toBe(20);
  });

  it("keeps a chosen colour instead of the default", () => {
    expect(toDiceBearOptions(ok({ style: "dylan", skinColor: "ffd6c0" })).skinColor).toEqual(["ffd6c0"]);
  });

  it("forces a named optional feature on at probability 100, and 'none' off at 0", () => {
    const on = toDiceBearOptions(ok({ style: "pixelArt", glasses: "dark01", glassesProbability: "3" }));
    expect(on).toMatchObject({ glasses: ["dark01"], glassesProbability: 100 });
    const off = toDiceBearOptions(ok({ style: "pixelArt", glasses: NO_FEATURE }));
    expect(off.glassesProbability).toBe(0);
    const chance = toDiceBearOptions(ok({ style: "pixelArt", glassesProbability: "42" }));
    expect(chance.glassesProbability).toBe(42);
    expect(chance.glasses).toBeUndefined();
  });
});

describe("forms and rendering", () => {
  it("reads a form post: repeated background colours, unticked boxes as false", () => {
    const form = new URLSearchParams([
      ["style", "dylan"],
      ["hair", "shaggy"],
      ["backgroundColor", "ffffff"],
      ["backgroundColor", ""],
      ["flip", "true"],
    ]);
    const look = ok(readLookInput(form));
    expect(look).toMatchObject({ flip: true, clip: false, backgroundColor: ["ffffff"] });
    expect(rawToValues(form)).toMatchObject({ backgroundColor: "ffffff", backgroundColor2: "", clip: "" });
  });

  it("round-trips a look through the form's values and the preview URL", () => {
    const look = ok({
      style: "dylan",
      seed: "Zed",
      hair: "buns",
      mood: "hopeful",
      hairColor: "ff543d",
      backgroundColor: ["ffffff", "000000"],
      backgroundType: "gradientLinear",
      rotate: "30",
      flip: true,
      clip: true,
    });
    const again = ok(readLookInput(lookSearchParams(lookToValues(look))));
    expect(again).toEqual(look);
  });

  it("after a switch of style, drops the old style's choices but keeps the rest", () => {
    const result = parseLookLenient({ style: "pixelArt", hair: "shaggy", rotate: "20" });
    expect(result.success && result.look.traits.hair).toBeUndefined();
    expect(result.success && result.look.rotate).toBe(20);
    expect(parseLookLenient({ style: "pixelArt", rotate: "999" }).success).toBe(false);
  });

  it("draws the chosen dylan hair and mood", () => {
    const svg = renderAvatarSvg(ok({ style: "dylan", hair: "shaggy", mood: "happy", size: "64" }));
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('width="64"');
    const other = renderAvatarSvg(ok({ style: "dylan", hair: "buns", mood: "happy", size: "64" }));
    expect(other).not.toBe(svg);
    // The same look always draws the same picture (what makes the URL cacheable).
    expect(renderAvatarSvg(ok({ style: "dylan", hair: "shaggy", mood: "happy", size: "64" }))).toBe(svg);
  });
});

describe("screen-reader names", () => {
  const flat = (value: unknown, prefix = ""): string[] =>
    typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];

  it.each(["en", "zh"])("every feature, variant and colour choice has a %s name", (lng) => {
    const keys = new Set(flat(resources[lng]!.avatar));
    const missing: string[] = [];
    for (const { features } of creatorCatalogue.styles) {
      for (const feature of features) {
        if (!keys.has(`features.${feature.name}`)) missing.push(`features.${feature.name}`);
        const choices = feature.kind === "variant" ? [...feature.choices, NO_FEATURE] : feature.choices;
        for (const choice of choices) {
          const label = feature.kind === "variant" ? variantLabel(choice) : colorName(choice);
          if (!keys.has(label.key)) missing.push(label.key);
          const hue = label.values?.hue;
          if (typeof hue === "string" && !keys.has(`colors.hues.${hue}`)) missing.push(`colors.hues.${hue}`);
        }
      }
    }
    for (const choice of creatorCatalogue.backgroundChoices) {
      if (!keys.has(colorName(choice).key)) missing.push(choice);
    }
    expect(missing).toEqual([]);
  });

  it("names colours by tone and hue", () => {
    expect(colorName("000000").values).toMatchObject({ hue: "black" });
    expect(colorName("ffffff").values).toMatchObject({ hue: "white" });
    expect(colorName("8d5524").values).toMatchObject({ hue: "brown" });
    expect(colorName("1d5dff").values).toMatchObject({ hue: "blue" });
    expect(colorName("ff543d").values).toMatchObject({ hue: "red" });
    expect(colorName("transparent").key).toBe("colors.transparent");
  });
});
