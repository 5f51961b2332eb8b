/**
 * The parts of the game master's treasure screen (/gamemaster/treasures): the finds held
 * for review, the contest's treasures, and the form that hides a new one.
 */
import { useTranslation } from "~/platform/translations";
import { Form } from "react-router";
import { dangerButton, primaryButton, secondaryButton } from "~/ui/buttons";
import { TextField } from "~/ui/fields";
import { useFormAnswer } from "~/ui/form-answer";
import { Section } from "~/ui/section";

/** A find held back by the burst rule, waiting for the game master's word. */
export interface HeldFind {
  treasureId: number;
  memberId: number;
  member: string;
  treasure: string;
  claimedAt: string;
}

/** A hidden treasure as the list shows it (its moments already written out). */
export interface ListedTreasure {
  id: number;
  name: string;
  hint: string | null;
  points: number;
  lightReward: number;
  finds: number;
  code: string;
  opensAt: string | null;
  closesAt: string | null;
  codeRotatedAt: string | null;
}

export function HeldFinds({ held }: { held: readonly HeldFind[] }) {
  const { t } = useTranslation("treasures");
  if (held.length === 0) return null;
  return (
    <Section id="held" heading={t("gm.heldHeading", { count: held.length })} className="rounded-xl border-2 border-amber-500 p-4">
      <p className="text-sm">{t("gm.heldHelp")}</p>
      <ul className="space-y-2">
        {held.map((h) => (
          <li key={`${h.treasureId}-${h.memberId}`} className="flex flex-wrap items-center gap-3">
            <span>{t("gm.heldFind", { member: h.member, treasure: h.treasure, when: h.claimedAt })}</span>
            <Form method="post" className="flex gap-2">
              <input type="hidden" name="treasureId" value={h.treasureId} />
              <input type="hidden" name="memberId" value={h.memberId} />
              <button type="submit" name="intent" value="approve" className={`${secondaryButton} px-3 py-1 text-sm`}>
                {t("gm.approve")}
              </button>
              <button type="submit" name="intent" value="reject" className={`${dangerButton} px-3 py-1 text-sm`}>
                {t("gm.reject")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function TreasureList({ contestId, treasures }: { contestId: number; treasures: readonly ListedTreasure[] }) {
  const { t } = useTranslation("treasures");
  return (
    <Section id="list" heading={t("gm.listHeading")}>
      {treasures.length === 0 ? <p>{t("gm.none")}</p> : null}
      <ul className="space-y-3">
        {treasures.map((treasure) => (
          <li key={treasure.id} className="space-y-1 rounded-xl border border-slate-300 p-3 dark:border-slate-700">
            <p className="font-semibold">
              #{treasure.id} {treasure.name}
            </p>
            {treasure.hint ? <p className="text-sm italic">{treasure.hint}</p> : null}
            <p className="text-sm">{t("gm.rewards", { points: t("common:points", { count: treasure.points }), light: treasure.lightReward, count: treasure.finds })}</p>
            {treasure.opensAt || treasure.closesAt ? <p className="text-sm">{t("gm.window", { opens: treasure.opensAt ?? "—", closes: treasure.closesAt ?? "—" })}</p> : null}
            <p className="font-mono text-sm" data-treasure-code={treasure.code}>
              {treasure.code}
            </p>
            {treasure.codeRotatedAt ? <p className="text-xs">{t("gm.rotatedAt", { when: treasure.codeRotatedAt })}</p> : null}
            <div className="flex flex-wrap gap-3 text-sm">
              <a href={`/gamemaster/treasures/sheet?contest=${contestId}&id=${treasure.id}`} className="underline">
                {t("gm.printOne")}
              </a>
              <Form method="post">
                <input type="hidden" name="intent" value="rotate" />
                <input type="hidden" name="treasureId" value={treasure.id} />
                <button type="submit" className="underline">
                  {t("gm.rotate")}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Points and light start at ten, the reward most hunts give. */
const STARTING: Record<string, string> = { points: "10", lightReward: "10" };

export function HideTreasureForm() {
  const { t } = useTranslation("treasures");
  const answer = useFormAnswer();
  // What was typed comes back when the post is refused.
  const field = (name: string) => ({ name, idPrefix: "hide", className: "space-y-1", value: answer?.values[name] ?? STARTING[name] ?? "", error: answer?.errors[name] });
  return (
    <Section id="hide" heading={t("gm.hideHeading")}>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="hide" />
        <TextField {...field("name")} label={t("gm.name")} required maxLength={80} />
        <TextField {...field("hint")} label={t("gm.hint")} maxLength={200} />
        <div className="grid grid-cols-2 gap-3">
          <TextField {...field("points")} label={t("gm.points")} type="number" min={0} max={1000} />
          <TextField {...field("lightReward")} label={t("gm.light")} type="number" min={0} max={100} />
        </div>
        <p className="text-sm">{t("gm.windowHelp")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField {...field("opensAt")} label={t("gm.opensAt")} type="datetime-local" />
          <TextField {...field("closesAt")} label={t("gm.closesAt")} type="datetime-local" />
        </div>
        <button type="submit" className={`${primaryButton} px-4 py-2`}>
          {t("gm.hide")}
        </button>
      </Form>
    </Section>
  );
}
