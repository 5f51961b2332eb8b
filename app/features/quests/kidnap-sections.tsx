/**
 * The sections of /kidnap: the wild beamkin of a link with its Catch button, the catch link
 * just shared (its QR code and address), and the form that shares one. Both forms post to
 * the page itself, tagged with their intent (KidnapIntent, schemas.ts).
 */
import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { BeamkinArt } from "~/features/beamkins";
import type { KeyIn } from "~/locales/types";
import { primaryButton } from "~/ui/buttons";
import { compactFieldClass, FieldError, SelectField } from "~/ui/fields";
import { PostButton } from "~/ui/form";
import type { FormAnswer } from "~/ui/form-answer";
import { usePosting, waitingButton } from "~/ui/pending";
import { QrCode } from "~/ui/qr-code";
import { CATCH_RULES } from "./catch-rules";
import type { KidnapScreen } from "./kidnap-page.server";

/**
 * A game master's limit of a link (its catches, its days): a small number box beside its
 * label. Its error is the limits' one (`share-limits-error`, below them).
 */
function Limit({ name, label, max, initial, answer }: { name: "catches" | "days"; label: string; max: number; initial: string; answer?: FormAnswer }) {
  const error = answer?.errors[name];
  return (
    <label className="flex items-center gap-2">
      {label}
      <input
        name={name}
        type="number"
        min={1}
        max={max}
        defaultValue={answer?.values[name] ?? initial}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "share-limits-error" : undefined}
        className={`${compactFieldClass} mt-0 w-24`}
      />
    </label>
  );
}

/** A link's wild beamkin: Catch (signed in), a way to sign in first, or why it cannot be caught. */
export function CatchCard({ link, signedIn }: { link: NonNullable<KidnapScreen["link"]>; signedIn: boolean }) {
  const { t } = useTranslation("quests");
  const { t: tb } = useTranslation("beamkins");
  const catching = usePosting("/kidnap", { intent: "catch" });
  return (
    <section aria-labelledby="catch-heading" className="flex flex-wrap items-center gap-4 rounded-2xl border-2 border-glow-500 bg-glow-50 p-5 dark:bg-slate-900">
      <BeamkinArt slug={link.creature.slug} light={40} size={120} />
      <div className="space-y-2">
        <h2 id="catch-heading" className="text-xl font-bold">
          {t("kidnap.wild", { name: tb(link.creature.name as KeyIn<"beamkins">) })}
        </h2>
        {link.state === "ready" ? (
          <>
            <p className="text-sm">{t("kidnap.expires", { when: link.expires })}</p>
            {signedIn ? (
              <PostButton fields={{ intent: "catch", code: link.code }} {...waitingButton(catching)} className={`${primaryButton} px-5 py-2.5 text-lg`}>
                {t("kidnap.catch", { name: tb(link.creature.name as KeyIn<"beamkins">) })}
              </PostButton>
            ) : (
              <a href={`${href("/signin")}?redirectTo=${encodeURIComponent(`${href("/kidnap")}?code=${link.code}`)}`} className={`inline-block ${primaryButton} px-5 py-2.5`}>
                {t("kidnap.signInToCatch")}
              </a>
            )}
          </>
        ) : (
          <p role="status" className="font-semibold">
            {link.state === "caught" ? t("kidnap.caughtAlready", { name: tb(link.creature.name as KeyIn<"beamkins">) }) : link.state === "owned" ? t("kidnap.alreadyYours", { name: tb(link.creature.name as KeyIn<"beamkins">) }) : link.state === "expired" ? t("kidnap.expired", { expired: link.expires }) : t("kidnap.used")}
          </p>
        )}
      </div>
    </section>
  );
}

/** The catch link just shared, to show or print. */
export function SharedLink({ shared }: { shared: NonNullable<KidnapScreen["shared"]> }) {
  const { t } = useTranslation("quests");
  const { t: tb } = useTranslation("beamkins");
  return (
    <section id="shared" aria-labelledby="shared-heading" className="space-y-2 rounded-xl border border-slate-300 p-4 dark:border-slate-700">
      <h2 id="shared-heading" className="text-xl font-semibold">
        {t("kidnap.sharedHeading", { name: tb(shared.creature.name as KeyIn<"beamkins">) })}
      </h2>
      <QrCode drawing={shared.qr} label={t("kidnap.qrLabel", { name: tb(shared.creature.name as KeyIn<"beamkins">) })} />
      <p className="break-all font-mono text-sm">{shared.url}</p>
      <p className="text-sm">{t("kidnap.sharedInfo", { count: shared.catches, when: shared.expires })}</p>
    </section>
  );
}

/** Share a catch link for a beamkin of one's own (a game master: any, with many catches). */
export function ShareSection({ loaded, answer }: { loaded: Pick<KidnapScreen, "gameMaster" | "shareable">; answer?: FormAnswer }) {
  const { t } = useTranslation("quests");
  const { t: tb } = useTranslation("beamkins");
  return (
    <section aria-labelledby="share-heading" className="space-y-3">
      <h2 id="share-heading" className="text-xl font-semibold">
        {t("kidnap.shareHeading")}
      </h2>
      <p>{loaded.gameMaster ? t("kidnap.shareHelpGm") : t("kidnap.shareHelp")}</p>
      {loaded.shareable.length === 0 ? (
        <p>
          {t("kidnap.nothingToShare")}{" "}
          <a href={href("/beamkins")} className="underline">
            {t("kidnap.toBeamkins")}
          </a>
        </p>
      ) : (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="share" />
          <SelectField
            id="share-creature"
            name="creatureId"
            label={t("kidnap.pick")}
            value={answer?.values.creatureId}
            error={answer?.errors.creatureId}
            announceError
            className="max-w-sm"
            options={loaded.shareable.map((c) => ({ value: c.id, label: tb(c.name as KeyIn<"beamkins">) }))}
          />
          {loaded.gameMaster ? (
            <div className="flex flex-wrap gap-4">
              <Limit name="catches" label={t("kidnap.catches")} max={CATCH_RULES.gmMaxCatches} initial="20" answer={answer} />
              <Limit name="days" label={t("kidnap.days")} max={CATCH_RULES.gmMaxDays} initial="7" answer={answer} />
            </div>
          ) : null}
          <FieldError id="share-limits-error" message={answer?.errors.catches ?? answer?.errors.days} alert />
          <button type="submit" className={primaryButton}>
            {t("kidnap.share")}
          </button>
        </Form>
      )}
    </section>
  );
}
