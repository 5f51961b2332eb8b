/**
 * The avatar rules. Every feature list, colour pattern and numeric bound is read from
 * DiceBear's own JSON schemas (the core schema and each style's), so the validation can
 * never drift from what the renderer accepts. The spec's defaults (section 9) sit on top.
 */
import { schema as coreSchema } from "@dicebear/core";
import { dylan, lorelei, personas, pixelArt } from "@dicebear/collection";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import {
  avatarStyles,
  DEFAULT_SEED,
  DEFAULT_STYLE,
  isAvatarStyle,
  NO_FEATURE,
  SEED_MAX_LENGTH,
  type AvatarStyle,
  type CreatorCatalogue,
  type FieldErrors,
  type LookValues,
  type StyleCatalogue,
  type StyleFeature,
} from "./look";

export const diceBearStyles = { pixelArt, dylan, personas, lorelei } as const;

// ───────────────────────────── Spec section 9 ─────────────────────────────

export const SPEC_AVATAR_DEFAULTS = {
  size: 128,
  seed: DEFAULT_SEED,
  skinColor: "8D5524",
  clothingColor: "1e81b0",
  facialHairProbability: 20,
  /** black, red, yellow, blue, white */
  hairColor: ["000000", "ff543d", "fff500", "1d5dff", "ffffff"],
} as const;

/** Default feature probabilities per style (spec section 9; dylan takes the shared 20). */
export const SPEC_PROBABILITIES: Record<AvatarStyle, Record<string, number>> = {
  pixelArt: { accessoriesProbability: 10, beardProbability: 5, glassesProbability: 20, hatProbability: 5 },
  lorelei: {
    beardProbability: 5,
    earringsProbability: 10,
    frecklesProbability: 5,
    glassesProbability: 10,
    hairAccessoriesProbability: 5,
  },
  personas: { facialHairProbability: 10 },
  dylan: { facialHairProbability: SPEC_AVATAR_DEFAULTS.facialHairProbability },
};

/** The spec's hair and mood lists (section 5); a test holds the style that has them to these. */
export const SPEC_HAIR = [
  "plain", "wavy", "shortCurls", "parting", "spiky", "roundBob",
  "longCurls", "buns", "bangs", "fluffy", "flatTop", "shaggy",
] as const;
export const SPEC_MOODS = ["happy", "angry", "neutral", "superHappy", "sad", "hopeful", "confused"] as const;

// ───────────────────────────── Reading DiceBear's schemas ─────────────────────────────

interface JsonProperty {
  type?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  items?: { type?: string; enum?: string[]; pattern?: string; minimum?: number; maximum?: number };
}

const coreProps = coreSchema.properties as Record<string, JsonProperty>;
const styleProps = (style: AvatarStyle) =>
  diceBearStyles[style].schema.properties as Record<string, JsonProperty>;

const COLOR_PATTERN = new RegExp(coreProps.backgroundColor!.items!.pattern!);

function bound(name: string, fallbackMax?: number) {
  const p = coreProps[name]!;
  const min = p.minimum ?? p.items?.minimum ?? 0;
  const max = p.maximum ?? p.items?.maximum ?? fallbackMax ?? Number.MAX_SAFE_INTEGER;
  return { min, max };
}

/** Size has only a minimum in DiceBear; 2048 keeps a stored size sane for an SVG's width. */
export const bounds: CreatorCatalogue["bounds"] = {
  rotate: bound("rotate"),
  scale: bound("scale"),
  radius: bound("radius"),
  size: bound("size", 2048),
  translateX: bound("translateX"),
  translateY: bound("translateY"),
  backgroundRotation: bound("backgroundRotation"),
};

export const backgroundTypes = coreProps.backgroundType!.items!.enum! as ["solid", "gradientLinear"];

/** Colours every colour control offers besides the style's own palette. */
const SHARED_PALETTE = ["000000", "ffffff", "8d5524", "1e81b0", "ff543d", "fff500", "1d5dff", "29e051", "ffa6e6", "7555ca"];
const BACKGROUND_PALETTE = ["transparent", "b6e3f4", "c0aede", "d1d4f9", "ffd5dc", "ffdfbf", "ffa6e6", "619eff", "29e051", "fff500", "1e81b0", "000000", "ffffff"];

const unique = (values: string[]) => [...new Set(values.map((v) => v.toLowerCase()))];

function styleCatalogue(style: AvatarStyle): StyleCatalogue {
  const props = styleProps(style);
  const features: StyleFeature[] = [];
  for (const [name, p] of Object.entries(props)) {
    if (name === "backgroundColor" || p.type !== "array" || !p.items) continue;
    if (p.items.enum) {
      const probabilityName = `${name}Probability`;
      const probability = props[probabilityName];
      features.push({
        kind: "variant",
        name,
        choices: [...p.items.enum],
        ...(probability
          ? {
              probability: {
                name: probabilityName,
                default: SPEC_PROBABILITIES[style][probabilityName] ?? Number(probability.default ?? 0),
              },
            }
          : {}),
      });
    } else if (p.items.pattern) {
      const specDefault =
        name === "skinColor" ? [SPEC_AVATAR_DEFAULTS.skinColor]
        : name === "clothingColor" ? [SPEC_AVATAR_DEFAULTS.clothingColor]
        : name === "hairColor" ? [...SPEC_AVATAR_DEFAULTS.hairColor]
        : [];
      features.push({
        kind: "color",
        name,
        choices: unique([...((p.default as string[]) ?? []), ...specDefault, ...SHARED_PALETTE]),
        ...(specDefault.length === 1 ? { fixedDefault: specDefault[0]!.toLowerCase() } : {}),
      });
    }
  }
  // Variants first (what the avatar looks like), then colours.
  features.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "variant" ? -1 : 1));
  return { style, features };
}

export const creatorCatalogue: CreatorCatalogue = {
  styles: avatarStyles.map(styleCatalogue),
  backgroundChoices: BACKGROUND_PALETTE,
  backgroundTypes,
  bounds,
};

export function catalogueFor(style: AvatarStyle): StyleCatalogue {
  return creatorCatalogue.styles.find((s) => s.style === style)!;
}

// ───────────────────────────── The look and its zod schemas ─────────────────────────────

/** A validated look: the shared options plus the style's own traits (variants, colours, probabilities). */
export interface Look {
  style: AvatarStyle;
  seed: string;
  flip: boolean;
  rotate: number;
  scale: number;
  radius: number;
  size: number;
  backgroundColor: string[];
  backgroundType: "solid" | "gradientLinear";
  backgroundRotation: number;
  translateX: number;
  translateY: number;
  clip: boolean;
  randomizeIds: boolean;
  /** Feature name → chosen variant ("none" to switch an optional one off), colour or probability. */
  traits: Record<string, string | number>;
}

const sharedKeys = [
  "seed", "flip", "rotate", "scale", "radius", "size", "backgroundColor", "backgroundType",
  "backgroundRotation", "translateX", "translateY", "clip", "randomizeIds",
] as const;
const booleanKeys = new Set(["flip", "clip", "randomizeIds"]);

/** A seed as a member may type it: 1–64 characters, no control characters. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const SEED_PATTERN = /^[^\u0000-\u001f\u007f]{1,64}$/;

/** Whole numbers only: "1.5", "1e2" and "0x10" are not what a member typed as a number. */
const toInt = (value: unknown) =>
  value === undefined || value === null || value === ""
    ? undefined
    : typeof value === "number"
      ? value
      : /^-?\d{1,9}$/.test(String(value))
        ? Number(value)
        : Number.NaN;

const intIn = ({ min, max }: { min: number; max: number }, fallback: number) =>
  z.preprocess(toInt, z.number().int().min(min).max(max).default(fallback));

export const colorSchema = z
  .string()
  .regex(COLOR_PATTERN)
  .transform((v) => v.toLowerCase());

const sharedSchema = z.object({
  seed: z
    .string()
    .trim()
    .max(SEED_MAX_LENGTH)
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/)
    .optional()
    .transform((v) => v || DEFAULT_SEED),
  flip: z.boolean().default(false),
  rotate: intIn(bounds.rotate, 0),
  scale: intIn(bounds.scale, Number(coreProps.scale!.default ?? 100)),
  radius: intIn(bounds.radius, 0),
  size: intIn(bounds.size, SPEC_AVATAR_DEFAULTS.size),
  backgroundColor: z.array(colorSchema).max(2).default([]),
  backgroundType: z.enum(backgroundTypes).default("solid"),
  backgroundRotation: intIn(bounds.backgroundRotation, 0),
  translateX: intIn(bounds.translateX, 0),
  translateY: intIn(bounds.translateY, 0),
  clip: z.boolean().default(Boolean(coreProps.clip!.default ?? true)),
  randomizeIds: z.boolean().default(false),
});

function traitSchemas(style: AvatarStyle) {
  const shape: Record<string, z.ZodType> = {};
  for (const feature of catalogueFor(style).features) {
    if (feature.kind === "color") {
      shape[feature.name] = colorSchema.optional();
    } else {
      const choices = feature.probability ? [...feature.choices, NO_FEATURE] : feature.choices;
      shape[feature.name] = z.enum(choices as [string, ...string[]]).optional();
      if (feature.probability) {
        shape[feature.probability.name] = intIn({ min: 0, max: 100 }, feature.probability.default);
      }
    }
  }
  return shape;
}

export const lookSchemas = Object.fromEntries(
  avatarStyles.map((style) => [style, sharedSchema.extend(traitSchemas(style))]),
) as unknown as Record<AvatarStyle, z.ZodType<Record<string, unknown>>>;

/** The translation key shown under a field when its value is refused. */
function errorFor(style: AvatarStyle, field: string): FieldErrors[string] {
  if (field === "seed") return { key: "errors.seed", values: { max: SEED_MAX_LENGTH } };
  if (field === "backgroundColor") return { key: "errors.color" };
  if (field === "backgroundType") return { key: "errors.variant" };
  if (field in bounds) {
    const b = bounds[field as keyof typeof bounds];
    return { key: "errors.range", values: { min: b.min, max: b.max } };
  }
  if (field.endsWith("Probability")) return { key: "errors.range", values: { min: 0, max: 100 } };
  const feature = catalogueFor(style).features.find((f) => f.name === field);
  if (feature?.kind === "color") return { key: "errors.color" };
  return { key: "errors.variant" };
}

/** Reads the creator's fields from a form post or a preview URL's query. */
export function readLookInput(input: FormData | URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(input.keys())) {
    if (key === "backgroundColor") {
      raw.backgroundColor = input
        .getAll(key)
        .map((v) => String(v).trim())
        .filter(Boolean);
    } else if (booleanKeys.has(key)) {
      continue;
    } else {
      const value = input.get(key);
      if (typeof value === "string" && value.trim() !== "") raw[key] = value.trim();
    }
  }
  // A checkbox that is not ticked is simply absent from the post.
  for (const key of booleanKeys) raw[key] = ["true", "on"].includes(String(input.get(key) ?? ""));
  return raw;
}

export type LookResult =
  | { success: true; look: Look }
  | { success: false; errors: FieldErrors; style: AvatarStyle };

/** Validates a look against its style's rules; fields of other styles are ignored. */
export function parseLook(raw: Record<string, unknown>): LookResult {
  const errors: FieldErrors = {};
  let style: AvatarStyle = DEFAULT_STYLE;
  if (raw.style === undefined || raw.style === "") style = DEFAULT_STYLE;
  else if (isAvatarStyle(raw.style)) style = raw.style;
  else errors.style = { key: "errors.style" };

  const parsed = lookSchemas[style].safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "style");
      errors[field] ??= errorFor(style, field);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { success: false, errors, style };

  const data = parsed.data as Record<string, unknown>;
  const traits: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(data)) {
    if ((sharedKeys as readonly string[]).includes(key) || value === undefined) continue;
    traits[key] = value as string | number;
  }
  const shared = Object.fromEntries(sharedKeys.map((k) => [k, data[k]])) as Omit<Look, "style" | "traits">;
  return { success: true, look: { style, ...shared, traits } };
}

/**
 * A look from values that may not all fit (a stored row written by an older DiceBear, or
 * a form whose style was just switched): refused traits are dropped and the seed decides
 * them instead. The shared options must still be valid; their errors are returned.
 */
export function parseLookLenient(raw: Record<string, unknown>): LookResult {
  const input = { ...raw };
  for (let attempt = 0; attempt < 60; attempt++) {
    const result = parseLook(input);
    if (result.success || result.errors.style) return result;
    const traitErrors = Object.keys(result.errors).filter((f) => !(sharedKeys as readonly string[]).includes(f));
    if (traitErrors.length === 0) return result;
    for (const field of traitErrors) delete input[field];
  }
  return parseLook(input);
}

/** The look a member starts with, or is given for a style before choosing anything. */
export function defaultLook(style: AvatarStyle = DEFAULT_STYLE, seed: string = DEFAULT_SEED): Look {
  const result = parseLook({ style, seed, clip: true });
  if (!result.success) throw new Error(`Default ${style} look fails its own rules`);
  return result.look;
}

/** A look as the form holds it, to re-render what the member chose. */
export function lookToValues(look: Look): LookValues {
  const values: LookValues = {
    style: look.style,
    seed: look.seed,
    flip: look.flip ? "true" : "",
    rotate: String(look.rotate),
    scale: String(look.scale),
    radius: String(look.radius),
    size: String(look.size),
    backgroundColor: look.backgroundColor[0] ?? "",
    backgroundColor2: look.backgroundColor[1] ?? "",
    backgroundType: look.backgroundType,
    backgroundRotation: String(look.backgroundRotation),
    translateX: String(look.translateX),
    translateY: String(look.translateY),
    clip: look.clip ? "true" : "",
    randomizeIds: look.randomizeIds ? "true" : "",
  };
  for (const [key, value] of Object.entries(look.traits)) values[key] = String(value);
  return values;
}

/** What a refused form post showed, kept exactly as typed so nothing is lost. */
export function rawToValues(input: FormData | URLSearchParams): LookValues {
  const values: LookValues = {};
  for (const key of new Set(input.keys())) {
    if (key === "intent") continue;
    if (key === "backgroundColor") {
      const [first = "", second = ""] = input.getAll(key).map(String);
      values.backgroundColor = first;
      values.backgroundColor2 = second;
    } else {
      values[key] = String(input.get(key) ?? "");
    }
  }
  for (const key of booleanKeys) values[key] = ["true", "on"].includes(String(input.get(key) ?? "")) ? "true" : "";
  return values;
}

/** A form's fields as the seam reads them (a repeated name is a list; files are let go) as a query. */
function fieldsAsParams(input: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) if (typeof item === "string") params.append(name, item);
  }
  return params;
}

/**
 * The creator's form as the action seam reads it (platform/forms.server.ts): the look,
 * checked by its style's rules, or each refused field's problem (an `avatar:errors.*` key
 * and the bounds it names). A style switched without JavaScript still carries the old
 * style's choices (`shownStyle` names the style whose controls were drawn): they are let go.
 */
export const LookForm = z.record(z.string(), z.unknown()).transform((input, ctx): Look => {
  const raw = readLookInput(fieldsAsParams(input));
  const switched = isAvatarStyle(input.shownStyle) && input.shownStyle !== (raw.style ?? DEFAULT_STYLE);
  const result = switched ? parseLookLenient(raw) : parseLook(raw);
  if (result.success) return result.look;
  for (const [field, error] of Object.entries(result.errors)) {
    ctx.addIssue({ code: "custom", path: [field], message: `avatar:${error.key}`, params: error.values ?? {} });
  }
  return z.NEVER;
});

/** What the creator's form held, as typed (a refused post shows it again; nothing is lost). */
export function lookValuesOf(input: Record<string, unknown>): LookValues {
  return rawToValues(fieldsAsParams(input));
}

/**
 * DiceBear options for a look. Chosen features become one-item lists; an optional feature
 * that is named is forced on at probability 100, "none" switches it off; missing skin,
 * clothing and hair colours take the spec's defaults.
 */
export function toDiceBearOptions(look: Look): Record<string, unknown> {
  const options: Record<string, unknown> = {
    seed: look.seed,
    flip: look.flip,
    rotate: look.rotate,
    scale: look.scale,
    radius: look.radius,
    size: look.size,
    backgroundType: [look.backgroundType],
    backgroundRotation: [look.backgroundRotation],
    translateX: look.translateX,
    translateY: look.translateY,
    clip: look.clip,
    randomizeIds: look.randomizeIds,
  };
  if (look.backgroundColor.length > 0) options.backgroundColor = look.backgroundColor;

  for (const feature of catalogueFor(look.style).features) {
    const chosen = look.traits[feature.name];
    if (feature.kind === "color") {
      if (typeof chosen === "string") options[feature.name] = [chosen];
      else if (feature.name === "skinColor") options.skinColor = [SPEC_AVATAR_DEFAULTS.skinColor];
      else if (feature.name === "clothingColor") options.clothingColor = [SPEC_AVATAR_DEFAULTS.clothingColor];
      else if (feature.name === "hairColor") options.hairColor = [...SPEC_AVATAR_DEFAULTS.hairColor];
      continue;
    }
    const probability = feature.probability;
    if (chosen === NO_FEATURE) {
      if (probability) options[probability.name] = 0;
      continue;
    }
    if (typeof chosen === "string") {
      options[feature.name] = [chosen];
      if (probability) options[probability.name] = 100;
    } else if (probability) {
      options[probability.name] = Number(look.traits[probability.name] ?? probability.default);
    }
  }
  return options;
}

/** 'Randomize': a new seed, so DiceBear draws a new face from the same choices. */
export function randomSeed(): string {
  return randomBytes(6).toString("base64url").slice(0, 8);
}
