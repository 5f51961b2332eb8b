import { useId } from "react";
import { useTranslation } from "~/platform/translations";
import { Form } from "react-router";
import { primaryButton } from "~/ui/buttons";
import { Section } from "~/ui/section";
import { clampLight } from "./rules";

/** The levels the demo pages show side by side. */
export const demoLevels = [0, 25, 50, 75, 100] as const;

/** ?light= from the demo form, clamped (so ?light=140 shows 100); null when absent. */
export function triedLevel(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("light");
  if (raw === null || raw.trim() === "") return null;
  return clampLight(Number(raw));
}

/** A GET form (works without JavaScript) to try any light level. */
export function LightLevelForm({ tried, children }: { tried: number | null; children: (light: number) => React.ReactNode }) {
  const { t } = useTranslation("beamkins");
  const id = useId();
  return (
    <Section id={id} heading={t("demos.try")}>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col">
          <label htmlFor={`${id}-light`} className="text-sm font-medium">
            {t("meter.label")}
          </label>
          <input
            id={`${id}-light`}
            name="light"
            type="number"
            step="any"
            defaultValue={tried ?? 60}
            className="w-28 rounded-md border border-slate-400 px-2 py-1 dark:bg-slate-900"
          />
        </div>
        <button type="submit" className={`${primaryButton} px-3 py-1.5`}>
          {t("demos.show")}
        </button>
      </Form>
      {tried !== null ? <div data-testid="tried-level">{children(tried)}</div> : null}
    </Section>
  );
}
