import { useTranslation } from "~/platform/translations";
import { redirect } from "react-router";
import type { Route } from "./+types/accept-invite";
import { signInUrlForInvite } from "~/features/auth/arrival";
import { currentMember } from "~/features/auth/principal.server";
import { getInstance } from "~/platform/i18n.server";

export const handle = { i18n: ["auth"] };

/**
 * Accept Invite. An anonymous visitor signs in first and comes back here (the spec's
 * /signin invitation parameters); the invitation screen itself comes with the parties
 * and contests issues — for now the member sees where they arrived.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const current = await currentMember(context);
  if (!current) throw redirect(signInUrlForInvite(params, new URL(request.url).searchParams));
  const query = [...new URL(request.url).searchParams].map(([key, value]) => ({ key, value }));
  return {
    title: getInstance(context).t("auth:invite.title"),
    invite: {
      partyId: params.partyId,
      contestId: params.contestid ?? null,
      memberId: params.memberid ?? null,
      role: params.role ?? null,
      inviteType: params.type ?? null,
    },
    query,
  };
}

/** Values and query names of an invite link that have a name in the reader's language. */
const knownRoles = ["gamemaster", "ringleader", "judge"] as const;
const knownTypes = ["email", "link", "qr"] as const;
const knownExtras = ["gameMasterID", "contest", "inviter", "invitedby", "party", "partyName"] as const;
function named<T extends string>(known: readonly T[], value: string | null): T | null {
  const lower = value?.toLowerCase();
  return known.find((name) => name === lower) ?? null;
}
const isKnownExtra = (key: string): key is (typeof knownExtras)[number] => (knownExtras as readonly string[]).includes(key);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Accept Invite"} · Glow` }];

export default function AcceptInvite({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { invite, query } = loaderData;
  // A role or invite type the game knows is named in the reader's language ("评委", not "judge").
  const role = named(knownRoles, invite.role);
  const type = named(knownTypes, invite.inviteType);
  const rows: Array<[string, string | null | undefined]> = [
    [t("invite.party"), invite.partyId],
    [t("invite.contest"), invite.contestId],
    [t("invite.member"), invite.memberId],
    [t("invite.role"), role ? t(`invite.roles.${role}`) : invite.role],
    [t("invite.type"), type ? t(`invite.types.${type}`) : invite.inviteType],
    ...query.map((q) => [isKnownExtra(q.key) ? t(`invite.extra.${q.key}`) : q.key, q.value] as [string, string]),
  ];
  return (
    <section aria-labelledby="invite-heading" className="space-y-4">
      <h1 id="invite-heading" className="font-righteous text-3xl text-glow-700 dark:text-glow-300">
        {t("invite.heading")}
      </h1>
      <p>{t("invite.arrived")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="invite-details">
        {rows
          .filter(([, value]) => value)
          .map(([label, value], i) => (
            <div key={i} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <p className="text-slate-700 dark:text-slate-300">{t("invite.later")}</p>
    </section>
  );
}
