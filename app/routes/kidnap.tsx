import { useTranslation } from "~/platform/translations";
import { Form } from "react-router";
import type { Route } from "./+types/kidnap";
import { currentMember, hasRole, requireMember } from "~/features/auth/principal.server";
import { catchBeamkin, shareCatchLink } from "~/features/quests/catch-links.server";
import { kidnapScreen } from "~/features/quests/kidnap-page.server";
import { CatchCard, SharedLink, ShareSection } from "~/features/quests/kidnap-sections";
import { catchRefusals, shareRefusals } from "~/features/quests/refusals";
import { KidnapIntent } from "~/features/quests/schemas";
import { parseForm } from "~/platform/forms.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond } from "~/platform/respond.server";
import { formatMoment } from "~/ui/dates";
import { retryAfterOfAction } from "~/platform/retry-after";
import { PageHeader, pageTitle } from "~/ui/page";
import { secondaryButton } from "~/ui/buttons";
import { TextField } from "~/ui/fields";
import { FormError } from "~/ui/form";
import { useFormAnswer } from "~/ui/form-answer";

export const handle = { i18n: ["quests", "beamkins"] };

/** A wrong-code or link limit's Retry-After (429) reaches the page's own response too. */
export const headers = retryAfterOfAction;

/**
 * /kidnap: catch a beamkin from a link or QR code (?code=…). Opening never spends the link;
 * pressing Catch does. A member can also share a catch link for a beamkin of theirs (a game
 * master, for any beamkin, with many catches).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await currentMember(context);
  return { title: getInstance(context).t("quests:kidnap.title"), ...(await kidnapScreen(request, me, getLocale(context))) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Kidnap")];

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireMember(context);
  const form = await parseForm(request, KidnapIntent);
  if (!form.ok) return invalid({ request, context }, form);
  const lang = getLocale(context);
  const t = getInstance(context).t;
  if (form.data.intent === "catch") {
    const outcome = await catchBeamkin(me.member.id, form.data.code);
    const said = !outcome.ok && outcome.details
      ? { ...outcome, details: { ...outcome.details, ...(typeof outcome.details.name === "string" ? { name: t(`beamkins:${outcome.details.name}`) } : {}), ...(typeof outcome.details.expired === "string" ? { expired: formatMoment(outcome.details.expired, lang) } : {}) } }
      : outcome;
    return respond({ request, context }, said, {
      values: form.values,
      done: (caught, t) => ({ redirectTo: `/beamkins#beamkin-${caught.creatureId}`, toast: t("quests:kidnap.caught", { name: t(`beamkins:${caught.name}`) }), result: caught }),
      refusals: catchRefusals,
    });
  }
  const gameMaster = hasRole(me.roles, "gamemaster");
  return respond({ request, context }, await shareCatchLink(me.member.id, form.data, gameMaster), {
    values: form.values,
    done: (link, t) => ({ redirectTo: `/kidnap?shared=${link.code}#shared`, toast: t("quests:kidnap.sharedToast"), result: link }),
    refusals: shareRefusals,
  });
}

export default function Kidnap({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("quests");
  const { link, shared } = loaderData;
  const answer = useFormAnswer();
  return (
    <div className="space-y-8">
      <PageHeader title={t("kidnap.heading")} lead={t("kidnap.intro")} />

      <FormError message={answer?.errors.form} />

      {link ? (
        <CatchCard link={link} signedIn={loaderData.signedIn} />
      ) : loaderData.code ? (
        <p role="alert" className="font-semibold">
          {t("kidnap.unknown")}
        </p>
      ) : null}

      <Form method="get">
        <TextField
          id="catch-code"
          name="code"
          label={t("kidnap.typeLabel")}
          value={loaderData.code}
          required
          controlClassName="font-mono uppercase"
          action={
            <button type="submit" className={`${secondaryButton} px-4 py-2`}>
              {t("kidnap.look")}
            </button>
          }
        />
      </Form>

      {shared ? <SharedLink shared={shared} /> : null}

      {loaderData.signedIn ? <ShareSection loaded={loaderData} answer={answer} /> : null}
    </div>
  );
}
