import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { useLocation, useNavigation } from "react-router";
import { usePosting } from "~/ui/pending";
import { secondaryButton, primaryButton } from "~/ui/buttons";
import { compactFieldClass, FieldError } from "~/ui/fields";
import {
  colorName,
  NO_FEATURE,
  previewUrl,
  translateLabel,
  variantLabel,
  type AvatarStyle,
  type CreatorCatalogue,
  type LookValues,
  type StyleFeature,
} from "./look";
import type { KeyIn } from "~/locales/types";
import { avatarCatalogue } from "./catalogue";
import { StyleChoices } from "./style-choices";
import { forgetPressed, pressedBefore } from "./pressed-button";
import { FIRST_INVALID } from "~/ui/focus-first-invalid";

/** Long enough to let a member drag a slider or type a number before the preview redraws. */
const PREVIEW_DELAY_MS = 300;

/**
 * A lookup in the avatar namespace by a key made from DiceBear's catalogue (a feature's,
 * variant's or colour's name): options.server.test.ts checks every such key exists.
 */
type T = (key: string, values?: Record<string, unknown>) => string;

/** An option's words: a colour's name or a variant's. */
function optionLabel(t: T, kind: "color" | "variant", value: string) {
  return translateLabel(t, kind === "color" ? colorName(value) : variantLabel(value));
}

/** A select's options: the first says what an empty choice means. */
function Options({ options }: { options: readonly (readonly [value: string, words: string])[] }) {
  return options.map(([value, words]) => (
    <option key={value} value={value}>
      {words}
    </option>
  ));
}

/** The look in words, for the preview's alt text. */
export function describeLook(t: T, values: LookValues, catalogue: CreatorCatalogue): string {
  const style = values.style as AvatarStyle;
  const features = catalogue.styles.find((s) => s.style === style)?.features ?? [];
  const parts = features
    .filter((f) => values[f.name])
    .map((f) =>
      t("preview.part", {
        feature: t(`features.${f.name}`),
        value: translateLabel(t, f.kind === "color" ? colorName(values[f.name]!) : variantLabel(values[f.name]!)),
      }),
    );
  return t(parts.length ? "preview.alt" : "preview.altPlain", {
    style: t(`styles.${style}`),
    seed: values.seed,
    parts: parts.join(t("preview.separator")),
  });
}

/** When the style changes, choices the new style does not have go back to "any". */
function switchStyle(values: LookValues, style: AvatarStyle, catalogue: CreatorCatalogue): LookValues {
  const next: LookValues = { ...values, style };
  for (const s of catalogue.styles) for (const f of s.features) delete next[f.name];
  const features = catalogue.styles.find((s) => s.style === style)?.features ?? [];
  for (const f of features) {
    const previous = values[f.name];
    const allowed = f.kind === "variant" && f.probability ? [...f.choices, NO_FEATURE] : f.choices;
    next[f.name] = previous && allowed.includes(previous) ? previous : "";
    if (f.kind === "variant" && f.probability) next[f.probability.name] = String(f.probability.default);
  }
  return next;
}

function randomSeed() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 10);
}

/**
 * Where the focus goes once the creator drawn for an answer runs (its code may come after the
 * answer: decision 1124): to the first refused field when the answer refused the look, else
 * back to the button pressed in the creator this one replaces (pressed-button.ts), which went
 * with the creator drawn anew. Only when the focus is nowhere (the member has not moved on),
 * only once the page is idle again, and once per creator.
 *
 * A creator drawn for the same look the button was pressed in is no answer (decision 1365):
 * it is drawn while the save is on its way, and the page may not show that yet (the router's
 * state arrives in a transition React holds while the creator's code is missing), so being
 * idle does not tell it apart.
 */
function useAnswerFocus(drawnFor: string, refused: boolean) {
  const root = useRef<HTMLDivElement>(null);
  const idle = useNavigation().state === "idle";
  const answered = useRef(false);
  useEffect(() => {
    if (!idle || answered.current) return;
    answered.current = true;
    const intent = pressedBefore(drawnFor);
    if (intent) forgetPressed();
    const nowhere = !document.activeElement || document.activeElement === document.body;
    if (!nowhere) return;
    const target = refused ? FIRST_INVALID : intent ? `button[name="intent"][value="${intent}"]` : null;
    if (target) root.current?.querySelector<HTMLElement>(target)?.focus();
  }, [idle, drawnFor, refused]);
  return root;
}

/**
 * What the member changed in the server's creator before its code arrived (decision 1124: it
 * comes after the page's): the controls' values that differ from the look it was drawn with.
 * React takes over the controls as they are, but its next render puts each back to its state
 * (the look drawn), so the seed typed on a slow phone was lost, and a Save pressed next stored
 * the old one (issue 40, point 16). Null when nothing differs.
 */
function typedBeforeHydration(root: HTMLElement, idPrefix: string, values: LookValues): LookValues | null {
  const typed: LookValues = {};
  for (const control of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input[name], select[name]")) {
    if (control.type === "hidden" || control.type === "submit") continue;
    // A control's id names its look field (a colour's form name may differ); radios and checkboxes go by name.
    const field = control.id.startsWith(`${idPrefix}-`) ? control.id.slice(idPrefix.length + 1) : control.name;
    if (control instanceof HTMLInputElement && control.type === "radio") {
      if (control.checked) typed[field] = control.value;
    } else if (control instanceof HTMLInputElement && control.type === "checkbox") {
      typed[field] = control.checked ? "true" : "";
    } else {
      typed[field] = control.value;
    }
  }
  const changed = Object.entries(typed).filter(([field, value]) => value !== (values[field] ?? ""));
  return changed.length ? Object.fromEntries(changed) : null;
}

/**
 * The character creator. Without JavaScript it is a plain form: 'Preview' re-renders the
 * page with the chosen options, 'Save' stores them, 'Randomize' picks a new seed on the
 * server. With JavaScript the preview follows every change (debounced), drawn by the
 * server from the same fields, so the browser never loads DiceBear.
 */
export function CharacterCreator({
  catalogue,
  initialValues,
  errors = {},
  shownStyle,
  drawnFor,
}: {
  catalogue: CreatorCatalogue;
  initialValues: LookValues;
  /** What this creator was drawn for (the page's key for it: the look's version, a refused or previewed look). */
  drawnFor: string;
  /** Each refused field's message (FormAnswer's errors). */
  errors?: Record<string, string>;
  /** The style whose controls the server drew; a no-JS switch of style is noticed by it. */
  shownStyle: AvatarStyle;
}) {
  const { t } = useTranslation("avatar");
  // Options share their words (a palette's colours in several features, "Variant 3" in
  // each, a dozen hue names in every colour): each is translated once per render, not once
  // per option (a style offers about 330 options and 190 distinct words; a colour's is
  // three lookups).
  const plainWords = new Map<string, string>();
  const catalogueT: T = (key, values) => {
    if (values) return t(key as KeyIn<"avatar">, values);
    let words = plainWords.get(key);
    if (words === undefined) plainWords.set(key, (words = t(key as KeyIn<"avatar">)));
    return words;
  };
  const wordsByOption = new Map<string, string>();
  const optionWords = (kind: "color" | "variant", value: string) => {
    const key = `${kind}:${value}`;
    let words = wordsByOption.get(key);
    if (words === undefined) wordsByOption.set(key, (words = optionLabel(catalogueT, kind, value)));
    return words;
  };
  const colorWords = (value: string) => optionWords("color", value);
  const id = useId();
  const [values, setValues] = useState<LookValues>(initialValues);
  const [src, setSrc] = useState(() => previewUrl(initialValues));
  const [hydrated, setHydrated] = useState(false);
  const [previewFailed, setPreviewFailed] = useState(false);
  const root = useAnswerFocus(drawnFor, Object.keys(errors).length > 0);
  useEffect(() => {
    // Taken over from the server's HTML: keep what was changed in it meanwhile (in the same
    // render as `hydrated`, so React never puts the look drawn back into the controls).
    const typed = root.current ? typedBeforeHydration(root.current, id, initialValues) : null;
    if (typed) setValues((shown) => (typed.style && typed.style !== shown.style ? switchStyle({ ...shown, ...typed }, typed.style as AvatarStyle, catalogue) : { ...shown, ...typed }));
    setHydrated(true);
    // Once, when the creator is first drawn in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A save or reset on its way (the form posts to its own page): neither can go twice.
  const location = useLocation();
  const saving = usePosting(location.pathname, { intent: ["save", "reset"] });

  const url = previewUrl(values);
  useEffect(() => {
    if (url === src) return;
    const timer = setTimeout(() => setSrc(url), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [url, src]);

  const style = values.style as AvatarStyle;
  const features = catalogue.styles.find((s) => s.style === style)?.features ?? [];
  const set = (name: string, value: string) =>
    setValues((v) => (name === "style" ? switchStyle(v, value as AvatarStyle, catalogue) : { ...v, [name]: value }));
  const fieldId = (name: string) => `${id}-${name}`;
  const described = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${fieldId(name)}-error` } : {};

  const numberField = (name: keyof CreatorCatalogue["bounds"] | string, min: number, max: number, label: string) => (
    <div key={name}>
      <label htmlFor={fieldId(name)} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={fieldId(name)}
        name={name}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        value={values[name] ?? ""}
        onChange={(e) => set(name, e.target.value)}
        className={compactFieldClass}
        {...described(name)}
      />
      <FieldError id={`${fieldId(name)}-error`} message={errors[name]} />
    </div>
  );

  const checkbox = (name: string, label: string) => (
    <label key={name} className="flex items-center gap-2 text-sm font-medium">
      <input
        type="checkbox"
        name={name}
        value="true"
        checked={values[name] === "true"}
        onChange={(e) => set(name, e.target.checked ? "true" : "")}
        className="h-4 w-4 accent-glow-700"
      />
      {label}
    </label>
  );

  const colorSelect = (name: string, label: string, choices: string[], formName = name, fixedDefault?: string) => (
    <div key={name}>
      <label htmlFor={fieldId(name)} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="mt-1 inline-block h-6 w-6 shrink-0 rounded-full border border-slate-400"
          style={{
            background:
              /^[0-9a-fA-F]{6}$/.test(values[name] || fixedDefault || "")
                ? `#${values[name] || fixedDefault}`
                : "repeating-conic-gradient(#cbd5e1 0 25%, transparent 0 50%) 50% / 8px 8px",
          }}
        />
        <select
          id={fieldId(name)}
          name={formName}
          value={values[name] ?? ""}
          onChange={(e) => set(name, e.target.value)}
          className={compactFieldClass}
          {...described(name)}
        >
          <Options
            options={[
              ["", fixedDefault ? t("choices.defaultColor", { color: colorWords(fixedDefault) }) : t("choices.any")],
              // A colour the member saved that the list no longer offers stays choosable.
              ...(initialValues[name] && !choices.includes(initialValues[name]!)
                ? [[initialValues[name]!, colorWords(initialValues[name]!)] as const]
                : []),
              ...choices.map((c) => [c, colorWords(c)] as const),
            ]}
          />
        </select>
      </div>
      <FieldError id={`${fieldId(name)}-error`} message={errors[name]} />
    </div>
  );

  const featureControl = (feature: StyleFeature) => {
    const label = catalogueT(`features.${feature.name}`);
    if (feature.kind === "color") return colorSelect(feature.name, label, feature.choices, feature.name, feature.fixedDefault);
    const choices = feature.probability ? [NO_FEATURE, ...feature.choices] : feature.choices;
    return (
      <div key={feature.name} className="space-y-2">
        <div>
          <label htmlFor={fieldId(feature.name)} className="block text-sm font-medium">
            {label}
          </label>
          <select
            id={fieldId(feature.name)}
            name={feature.name}
            value={values[feature.name] ?? ""}
            onChange={(e) => set(feature.name, e.target.value)}
            className={compactFieldClass}
            {...described(feature.name)}
          >
            <Options
              options={[
                ["", t(feature.probability ? "choices.byChance" : "choices.any")],
                ...choices.map((c) => [c, optionWords("variant", c)] as const),
              ]}
            />
          </select>
          <FieldError id={`${fieldId(feature.name)}-error`} message={errors[feature.name]} />
        </div>
        {feature.probability && !values[feature.name]
          ? numberField(feature.probability.name, 0, 100, t("fields.probability", { feature: label }))
          : null}
        {feature.probability && values[feature.name] ? (
          <input type="hidden" name={feature.probability.name} value={values[feature.probability.name] ?? ""} />
        ) : null}
      </div>
    );
  };

  const b = catalogue.bounds;
  const alt = describeLook(catalogueT, values, catalogue);

  return (
    <div ref={root} className="space-y-6">
      <input type="hidden" name="shownStyle" value={hydrated ? style : shownStyle} />
      {/* Enter in a field presses the form's first submit button, which was Randomize (the
          seed typed was replaced). This one comes first instead: it saves, or without
          JavaScript previews (the look is seen before it is kept). Not for pointer or Tab. */}
      <button
        type="submit"
        name="intent"
        value={hydrated ? "save" : "preview"}
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
      >
        {t(hydrated ? "actions.save" : "actions.preview")}
      </button>
      {/* Narrow screens: the editor goes under the preview, at full width (beside it, it was
          squeezed to a third of the screen: 3 letters of the seed, style names breaking). */}
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <figure className="shrink-0">
          <img
            src={src}
            alt={alt}
            width={160}
            height={160}
            className="h-40 w-40 rounded-xl border border-slate-300 bg-white dark:border-slate-700"
            data-testid="avatar-preview"
            onLoad={() => setPreviewFailed(false)}
            onError={() => setPreviewFailed(true)}
          />
          <figcaption className="mt-2 max-w-40 text-xs text-slate-600 dark:text-slate-400">
            {t("preview.caption")}
          </figcaption>
          {previewFailed ? (
            <p role="status" className="mt-1 max-w-40 text-xs font-medium text-red-700 dark:text-red-400">
              {t("preview.invalid")}
            </p>
          ) : null}
        </figure>
        <div className="space-y-4 sm:min-w-0 sm:flex-1">
          <fieldset>
            <legend className="text-sm font-semibold">{t("fields.style")}</legend>
            <StyleChoices seed={values.seed ?? ""} chosen={style} onChoose={(s) => set("style", s)} size="small" />
            <FieldError id={`${fieldId("style")}-error`} message={errors.style} />
          </fieldset>
          <div>
            <label htmlFor={fieldId("seed")} className="block text-sm font-medium">
              {t("fields.seed")}
            </label>
            <div className="flex gap-2">
              <input
                id={fieldId("seed")}
                name="seed"
                value={values.seed ?? ""}
                maxLength={64}
                onChange={(e) => set("seed", e.target.value)}
                className={`${compactFieldClass} min-w-0 flex-1`}
                {...described("seed")}
              />
              <button
                type="submit"
                name="intent"
                value="randomize"
                onClick={(e) => {
                  if (!hydrated) return;
                  e.preventDefault();
                  set("seed", randomSeed());
                }}
                className={`${secondaryButton} mt-1 shrink-0`}
              >
                {t("actions.randomize")}
              </button>
            </div>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t("fields.seedHelp")}</p>
            <FieldError id={`${fieldId("seed")}-error`} message={errors.seed} />
          </div>
        </div>
      </div>

      <fieldset className="rounded-lg border border-slate-300 p-4 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">{t("sections.features")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {features.filter((f) => f.kind === "variant").map(featureControl)}
        </div>
      </fieldset>

      <fieldset className="rounded-lg border border-slate-300 p-4 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold">{t("sections.colors")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {features.filter((f) => f.kind === "color").map(featureControl)}
        </div>
      </fieldset>

      <details className="rounded-lg border border-slate-300 p-4 dark:border-slate-700" open={Object.keys(errors).some((k) => k in b || k.startsWith("background") || ["flip", "clip", "randomizeIds"].includes(k))}>
        <summary className="cursor-pointer text-sm font-semibold">{t("sections.frame")}</summary>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {colorSelect("backgroundColor", t("fields.backgroundColor"), catalogue.backgroundChoices)}
          {colorSelect("backgroundColor2", t("fields.backgroundColor2"), catalogue.backgroundChoices, "backgroundColor")}
          <div>
            <label htmlFor={fieldId("backgroundType")} className="block text-sm font-medium">
              {t("fields.backgroundType")}
            </label>
            <select
              id={fieldId("backgroundType")}
              name="backgroundType"
              value={values.backgroundType ?? "solid"}
              onChange={(e) => set("backgroundType", e.target.value)}
              className={compactFieldClass}
              {...described("backgroundType")}
            >
              {catalogue.backgroundTypes.map((bt) => (
                <option key={bt} value={bt}>
                  {catalogueT(`backgroundTypes.${bt}`)}
                </option>
              ))}
            </select>
            <FieldError id={`${fieldId("backgroundType")}-error`} message={errors.backgroundType} />
          </div>
          {numberField("backgroundRotation", b.backgroundRotation.min, b.backgroundRotation.max, t("fields.backgroundRotation"))}
          {numberField("rotate", b.rotate.min, b.rotate.max, t("fields.rotate"))}
          {numberField("scale", b.scale.min, b.scale.max, t("fields.scale"))}
          {numberField("radius", b.radius.min, b.radius.max, t("fields.radius"))}
          {numberField("size", b.size.min, b.size.max, t("fields.size"))}
          {numberField("translateX", b.translateX.min, b.translateX.max, t("fields.translateX"))}
          {numberField("translateY", b.translateY.min, b.translateY.max, t("fields.translateY"))}
          <div className="space-y-2 sm:col-span-2">
            {checkbox("flip", t("fields.flip"))}
            {checkbox("clip", t("fields.clip"))}
            {checkbox("randomizeIds", t("fields.randomizeIds"))}
          </div>
        </div>
      </details>

      <div className="flex flex-wrap gap-3">
        {hydrated ? null : (
          <button type="submit" name="intent" value="preview" className={`${secondaryButton} px-4 py-2 text-base`}>
            {t("actions.preview")}
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value="save"
          onClick={saving ? (event) => event.preventDefault() : undefined}
          aria-disabled={saving || undefined}
          className={primaryButton}
        >
          {t("actions.save")}
        </button>
        <button
          type="submit"
          name="intent"
          value="reset"
          formNoValidate
          onClick={saving ? (event) => event.preventDefault() : undefined}
          aria-disabled={saving || undefined}
          className={`${secondaryButton} px-4 py-2 text-base`}
        >
          {t("actions.reset")}
        </button>
      </div>
    </div>
  );
}

/**
 * The creator with its catalogue: what /profile loads with React's `lazy`, so the creator's
 * code and catalogue come in a chunk of their own instead of with the page's first scripts.
 */
export default function AvatarCreator(props: Omit<Parameters<typeof CharacterCreator>[0], "catalogue">) {
  return <CharacterCreator {...props} catalogue={avatarCatalogue} />;
}
