/**
 * What the browser may know about avatars: style names, the shape of the creator's
 * catalogue (sent by the server, derived there from DiceBear's schemas), labels for
 * screen readers, and avatar URLs. Nothing here imports DiceBear, so the browser never
 * downloads the collection.
 */
/**
 * The four styles, pixelArt first (the default). The same list as `characterStyles` in the
 * schema (a test holds them equal); not imported from there, as that would ship drizzle
 * to the browser.
 */
export const avatarStyles = ["pixelArt", "dylan", "personas", "lorelei"] as const;
export type AvatarStyle = (typeof avatarStyles)[number];
export const DEFAULT_STYLE: AvatarStyle = "pixelArt";
export const DEFAULT_SEED = "Aneka";
export const SEED_MAX_LENGTH = 64;

export function isAvatarStyle(value: unknown): value is AvatarStyle {
  return typeof value === "string" && (avatarStyles as readonly string[]).includes(value);
}

/** "none" switches an optional feature (one with a probability) off. */
export const NO_FEATURE = "none";

export interface VariantFeature {
  kind: "variant";
  name: string;
  choices: string[];
  /** Optional features (beard, glasses…) have a probability; naming one forces it on. */
  probability?: { name: string; default: number };
}

export interface ColorFeature {
  kind: "color";
  name: string;
  choices: string[];
  /** The colour used when none is chosen, where the spec fixes one (skin, clothing). */
  fixedDefault?: string;
}

export type StyleFeature = VariantFeature | ColorFeature;

export interface StyleCatalogue {
  style: AvatarStyle;
  features: StyleFeature[];
}

export interface NumberBound {
  min: number;
  max: number;
}

/** Everything the creator form needs to draw its controls; built by the server. */
export interface CreatorCatalogue {
  styles: StyleCatalogue[];
  backgroundChoices: string[];
  backgroundTypes: string[];
  bounds: Record<"rotate" | "scale" | "radius" | "size" | "translateX" | "translateY" | "backgroundRotation", NumberBound>;
}

/**
 * The creator's values as a form holds them: one string per field, checkboxes as
 * "true" or "", the background colours as `backgroundColor` and `backgroundColor2`.
 */
export type LookValues = Record<string, string>;

/** A field-level problem, as a translation key in the `avatar` namespace. */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}
export type FieldErrors = Record<string, FieldError>;

/** Turns form values into the query string the preview route reads (same names as the form). */
export function lookSearchParams(values: LookValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === "") continue;
    params.append(name === "backgroundColor2" ? "backgroundColor" : name, value);
  }
  return params;
}

export function previewUrl(values: LookValues) {
  return `/avatars/preview.svg?${lookSearchParams(values).toString()}`;
}

// The avatar addresses live in their own module: the site header needs only them, and
// importing this one from it put the creator's labels into every page's first load.
export { avatarUrl, DEFAULT_AVATAR_URL } from "./avatar-address";

export interface Label {
  key: string;
  values?: Record<string, string | number>;
}

const NUMBERED = /^variant(\d+)$/;
const PREFIXED = /^(short|long|light|dark|happy|sad)(\d+)$/;

/** The translation key a screen reader hears for one variant, e.g. "Shaggy" or "Style 7". */
export function variantLabel(value: string): Label {
  if (value === NO_FEATURE) return { key: "choices.none" };
  const numbered = NUMBERED.exec(value);
  if (numbered) return { key: "variants.numbered", values: { n: Number(numbered[1]) } };
  const prefixed = PREFIXED.exec(value);
  if (prefixed) return { key: `variants.prefixed.${prefixed[1]}`, values: { n: Number(prefixed[2]) } };
  return { key: `variants.named.${value}` };
}

export const colorHues = [
  "black",
  "white",
  "grey",
  "red",
  "orange",
  "peach",
  "brown",
  "yellow",
  "green",
  "teal",
  "blue",
  "purple",
  "pink",
] as const;
export type ColorHue = (typeof colorHues)[number];
export type ColorTone = "dark" | "light" | "";

/** A spoken name for any colour, so custom and palette colours can both be announced. */
export function colorName(value: string): Label {
  if (value === "transparent") return { key: "colors.transparent" };
  const hex = /^[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : null;
  if (!hex) return { key: "colors.unknown", values: { hex: value } };
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) {
    if (max === r) h = 60 * (((g - b) / d) % 6);
    else if (max === g) h = 60 * ((b - r) / d + 2);
    else h = 60 * ((r - g) / d + 4);
  }
  if (h < 0) h += 360;

  let hue: ColorHue;
  let tone: ColorTone = l < 0.3 ? "dark" : l > 0.75 ? "light" : "";
  if (l < 0.1) [hue, tone] = ["black", ""];
  else if (l > 0.95) [hue, tone] = ["white", ""];
  else if (s < 0.15) hue = "grey";
  else if (h < 15 || h >= 345) hue = "red";
  else if (h < 48) {
    if (l < 0.5) hue = "brown";
    else if (l > 0.7) [hue, tone] = ["peach", ""];
    else hue = "orange";
  } else if (h < 70) hue = "yellow";
  else if (h < 165) hue = "green";
  else if (h < 195) hue = "teal";
  else if (h < 255) hue = "blue";
  else if (h < 290) hue = "purple";
  else hue = "pink";
  return {
    key: tone ? `colors.toned` : "colors.plain",
    values: { hex: `#${hex}`, hue, tone },
  };
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Translates a Label; colour names compose a tone and a hue, each translated. */
export function translateLabel(t: Translate, label: Label): string {
  const values = { ...label.values };
  if (typeof values.hue === "string") values.hue = t(`colors.hues.${values.hue}`);
  if (typeof values.tone === "string" && values.tone) values.tone = t(`colors.tones.${values.tone}`);
  return t(label.key, values);
}
