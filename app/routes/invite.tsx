import { useTranslation } from "~/platform/translations";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/invite";
import { currentMember } from "~/features/auth/principal.server";
import { codeTries } from "~/features/parties/invitation.server";
import { codeLink } from "~/features/parties/invites.server";
import { readJoinCode } from "~/features/parties/join-code";
import { partyByCode } from "~/features/parties/parties.server";
import { PARTY_REFUSALS } from "~/features/parties/refusals";
import { CodeForm } from "~/features/parties/schemas";
import { QrScanner } from "~/features/parties/scanner";
import { primaryButton } from "~/ui/buttons";
import { TextField } from "~/ui/fields";
import { FormError } from "~/ui/form";
import { Section } from "~/ui/section";
import { db } from "~/platform/db/db.server";
import { parseForm } from "~/platform/forms.server";
import { getInstance } from "~/platform/i18n.server";
import { done, refused } from "~/platform/outcome";
import { clientNetworkKey, hitRateLimit } from "~/platform/rate-limit.server";
import { requestInfoContext } from "~/platform/request-context";
import { invalid, respond } from "~/platform/respond.server";
import { useFocusFirstInvalid } from "~/ui/focus-first-invalid";
import { usePosting, waitingButton } from "~/ui/pending";
import { PageHeading, pageTitle } from "~/ui/page";
import { useFormAnswer } from "~/ui/form-answer";

export const handle = { i18n: ["parties"] };

/** QR Invite (/invite and /QRvalidate): scan a party's QR code or type its join code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get("code") ?? "";
  return { title: getInstance(context).t("parties:join.title"), typed: typed.slice(0, 40) };
}

/** Codes a client network may try in ten minutes before signing in (a classroom shares one). */
const VISITOR_TRIES = { limit: 60, windowMs: 10 * 60 * 1000 };

/**
 * A typed code leads to the party's Accept Invite screen, which says whose party it is and
 * what joining means before anyone joins. Visitors may type too: sign-in comes on the way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, CodeForm);
  if (!form.ok) return invalid({ request, context }, form);
  const member = await currentMember(context);
  const tries = member
    ? await codeTries(member.member.id)
    : await hitRateLimit("party-code-network", clientNetworkKey(context.get(requestInfoContext).clientIp), VISITOR_TRIES);
  const code = readJoinCode(form.data.code);
  const party = !tries.allowed || !code ? null : await partyByCode(db(), code);
  const outcome = !tries.allowed
    ? refused("too-many-tries", { retryAfter: tries.retryAfterSeconds })
    : !code
      ? refused("bad-code")
      : !party || party.disbandedAt
        ? refused("no-such-code")
        : done(party);
  return respond({ request, context }, outcome, {
    values: form.values,
    done: (found) => ({ redirectTo: codeLink("", { id: found.id, contestId: found.contestId, joinCode: code! }), result: { partyId: found.id } }),
    refusals: { ...PARTY_REFUSALS, "bad-code": { status: 400, message: "parties:errors.codeShape", field: "code" } },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "QR Invite")];

export default function QrInvite({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  const answer = useFormAnswer();
  const form = useFocusFirstInvalid<HTMLFormElement>(answer);
  const error = answer?.errors.code;
  const posting = usePosting(useLocation().pathname);
  return (
    <div className="space-y-6">
      <PageHeading>{t("join.heading")}</PageHeading>
      <p>{t("join.intro")}</p>
      <Form method="post" ref={form} className="space-y-3" aria-label={t("join.byCode")} noValidate>
        <FormError message={answer?.errors.form} />
        <TextField
          idPrefix="join"
          name="code"
          label={t("join.code")}
          hint={t("join.codeHint")}
          value={answer?.values.code ?? loaderData.typed}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          error={error}
          controlClassName="font-mono text-xl tracking-widest uppercase"
        />
        <button type="submit" className={primaryButton} {...waitingButton(posting)}>
          {t("join.find")}
        </button>
      </Form>
      <Section id="scan" heading={t("join.scanHeading")}>
        <QrScanner />
      </Section>
    </div>
  );
}
