/**
 * One of a member's beamkins on /beamkins: its art and light, the page's own form to give
 * it light (a refused amount comes back as typed, beside this card), and the button that
 * makes it the companion.
 */
import { useTranslation } from "~/platform/translations";
import { Form, useNavigation, href } from "react-router";
import type { KeyIn } from "~/locales/types";
import { usePosting, waitingButton } from "~/ui/pending";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import { RedirectField } from "~/ui/redirect-field";
import { BeamkinArt } from "./beamkin-art";
import type { OwnedBeamkin } from "./creatures.server";
import { LightMeter } from "./light-meter";

/** A creature's name, personality and blurb are keys stored with it (catalogue.ts). */
export type BeamkinKey = KeyIn<"beamkins">;

export function OwnedCard({
  beamkin,
  active,
  error,
}: {
  beamkin: Pick<OwnedBeamkin, "id" | "slug" | "name" | "personality" | "light"> & { obtainedOn: string };
  active: boolean;
  error: { light: string; error: string } | null;
}) {
  const { t } = useTranslation("beamkins");
  const navigation = useNavigation();
  const choosing = usePosting("/beamkins/active");
  const name = t(beamkin.name as BeamkinKey);
  const giving = navigation.state !== "idle" && navigation.formData?.get("creatureId") === String(beamkin.id);
  const inputId = `give-${beamkin.id}`;
  return (
    <article
      id={`beamkin-${beamkin.id}`}
      aria-labelledby={`beamkin-${beamkin.id}-name`}
      className={`flex flex-wrap items-start gap-4 rounded-xl border p-4 ${
        active ? "border-glow-500 bg-glow-50 dark:bg-slate-900" : "border-slate-300 dark:border-slate-700"
      }`}
    >
      <BeamkinArt slug={beamkin.slug} light={beamkin.light} size={96} title={t("art.alt", { name, light: beamkin.light })} />
      <div className="min-w-0 flex-1 space-y-2">
        <h3 id={`beamkin-${beamkin.id}-name`} className="text-lg font-semibold">
          {name} <span className="text-sm font-normal">· {t(`personalities.${beamkin.personality}` as BeamkinKey)}</span>
        </h3>
        {active ? <p className="text-sm font-semibold text-glow-700 dark:text-glow-300">{t("list.active")}</p> : null}
        <p className="text-sm">{t(`blurbs.${beamkin.slug}` as BeamkinKey)}</p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {t("list.obtained", { date: beamkin.obtainedOn })}
        </p>
        <LightMeter light={beamkin.light} label={t("meter.named", { name })} />
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="creatureId" value={beamkin.id} />
          <div className="flex flex-col">
            <label htmlFor={inputId} className="text-sm font-medium">
              {t("give.label", { name })}
            </label>
            <input
              id={inputId}
              name="light"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              required
              defaultValue={error?.light ?? "1"}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              className="w-24 rounded-md border border-slate-400 px-2 py-1 dark:bg-slate-900"
            />
          </div>
          <button type="submit" disabled={giving} className={`${primaryButton} px-3 py-1.5`}>
            {t("give.submit")}
          </button>
        </Form>
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
            {error.error}
          </p>
        ) : null}
        {!active ? (
          <Form method="post" action={href("/beamkins/active")}>
            <RedirectField />
            <input type="hidden" name="creatureId" value={beamkin.id} />
            <button type="submit" {...waitingButton(choosing)} className={secondaryButton}>
              {t("choose.submit", { name })}
            </button>
          </Form>
        ) : null}
      </div>
    </article>
  );
}
