import { useTranslation } from "~/platform/translations";
import { href, Link } from "react-router";
import type { Route } from "./+types/qrcode";
import { requireMember } from "~/features/auth/principal.server";
import { qrScreen } from "~/features/parties/qr-page.server";
import { ShareLink } from "~/features/parties/share-link";
import { JoinCode } from "~/features/parties/ui";
import { getInstance } from "~/platform/i18n.server";
import { QrCode } from "~/ui/qr-code";
import { PageHeading, pageTitle } from "~/ui/page";
import { linkClass } from "~/ui/looks";
import { MemberText } from "~/ui/member-text";
import { Notice } from "~/ui/notice";
import { secondaryButton } from "~/ui/buttons";

export const handle = { i18n: ["parties"] };

/**
 * QRcode: an invitation's, a party's (for a poster) or the member's own invitation to Glow
 * (parties/qr-page.server.ts says which and when).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireMember(context);
  const title = getInstance(context).t("parties:qr.title");
  return { title, ...(await qrScreen(request, context, current)) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "QRcode")];

export default function QrCodePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("parties");
  const { kind, party, link, drawing, code, led } = loaderData;
  const heading = kind === "invite" ? t("qr.inviteHeading") : kind === "party" ? t("qr.partyHeading") : t("qr.memberHeading");
  return (
    <div className="space-y-5">
      <PageHeading>{heading}</PageHeading>
      {party ? (
        <p className="text-2xl font-semibold">
          <MemberText text={party.name} />
        </p>
      ) : null}
      {led.length > 1 ? (
        <nav aria-label={t("manager.yourParties")} className="flex flex-wrap gap-2 print:hidden">
          {led.map((p) => (
            <Link key={p.id} to={`${href("/qrcode")}?party=${p.id}`} aria-current={p.id === party?.id ? "page" : undefined} className={secondaryButton}>
              <MemberText text={p.name} />
            </Link>
          ))}
        </nav>
      ) : null}
      {kind === "invite" && !loaderData.pending ? (
        <Notice tone="warn">
          <p>{t("qr.notPending")}</p>
        </Notice>
      ) : null}
      <figure className="inline-block rounded-lg border border-slate-300 bg-white p-4 text-center text-slate-900">
        <QrCode drawing={drawing} label={t(`qr.label.${kind}`)} className="mx-auto h-64 w-64" />
        {code ? (
          <figcaption className="mt-2">
            <span className="block text-sm">{t("qr.typed")}</span>
            <JoinCode shown={code} testId="qr-join-code" />
          </figcaption>
        ) : null}
      </figure>
      <p>{t(`qr.explain.${kind}`, { date: loaderData.expiresOn ?? "" })}</p>
      {kind === "invite" ? (
        <Notice tone="warn">
          <p>{t("qr.once", { date: loaderData.expiresOn ?? "" })}</p>
        </Notice>
      ) : null}
      <ShareLink link={link} />
      <p className="print:hidden">
        {party ? (
          <Link to={`${href("/partymanager")}?party=${party.id}`} className={linkClass}>
            {t("qr.backToDashboard")}
          </Link>
        ) : (
          <Link to={href("/partybuilder")} className={linkClass}>
            {t("manager.build")}
          </Link>
        )}
      </p>
    </div>
  );
}
