import { useCallback } from "react";
import { useTranslation } from "~/platform/translations";
import { data, Link, useSearchParams, href } from "react-router";
import type { Route } from "./+types/star-receipt";
import { formatMoment } from "~/ui/dates";
import { findStarReceipt } from "~/features/salutes/salutes.server";
import { Stars } from "~/features/salutes/ui";
import { lazyIsland } from "~/ui/client-only";
import { memberTextLang } from "~/ui/text-lang";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["salutes"] };

const Confetti = lazyIsland(() => import("~/ui/confetti"));

/**
 * The star receipt: permanent and shareable, so anyone with the link may see it. Its
 * address is a random code, never the salute's number (decision 0508).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findStarReceipt(params.starID, getLocale(context));
  if (!found) throw data(null, { status: 404 });
  // The salute's and the members' numbers stay on the server.
  const { id: _id, giver, recipient, ...receipt } = found;
  return {
    receipt: { ...receipt, giver: { name: giver.name }, recipient: { name: recipient.name } },
    // Formatted here, so the browser hydrates the server's text (see salutes/dates.ts).
    when: formatMoment(receipt.createdAt, getLocale(context)),
    title: getInstance(context).t("salutes:receipt.title"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Star Receipt")];

export default function StarReceipt({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("salutes");
  const { receipt, when } = loaderData;
  const [params] = useSearchParams();
  const celebrate = params.has("celebrate");
  // Keep the shareable address clean once the celebration has started.
  const clean = useCallback(() => {
    window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  return (
    <article aria-labelledby="receipt-heading" className="space-y-4">
      {celebrate ? <Confetti onDone={clean} /> : null}
      <PageHeading id="receipt-heading">
        {t("receipt.heading")}
      </PageHeading>
      <div className="rounded-2xl border-2 border-glow-500 bg-glow-50 p-5 text-slate-900 shadow-md dark:bg-slate-900 dark:text-slate-100">
        <p className="text-4xl" aria-hidden="true">
          <Stars count={receipt.stars} />
        </p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">{t("receipt.from")}</dt>
          <dd>{receipt.giver.name}</dd>
          <dt className="font-semibold">{t("receipt.to")}</dt>
          <dd>{receipt.recipient.name}</dd>
          <dt className="font-semibold">{t("receipt.stars")}</dt>
          <dd>
            <Stars count={receipt.stars} /> {t("stars.count", { count: receipt.stars })}
          </dd>
          {receipt.gems > 0 ? (
            <>
              <dt className="font-semibold">{t("receipt.gems")}</dt>
              <dd>{receipt.gems}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{t("receipt.when")}</dt>
          <dd>
            <time dateTime={receipt.createdAt}>{when}</time>
          </dd>
        </dl>
        <blockquote
          lang={memberTextLang(receipt.message, i18n.language)}
          className="mt-4 border-s-4 border-glow-500 ps-3 text-lg whitespace-pre-line break-words"
        >
          {receipt.message}
        </blockquote>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {t("receipt.number", { id: receipt.code.slice(0, 8).toUpperCase() })}
        </p>
      </div>
      <div className="flex flex-wrap gap-4">
        {/* The salute's own post; the newsfeed itself once the post is gone. */}
        <Link to={receipt.postId ? `/newsfeed/starsalute/${receipt.postId}` : "/newsfeed"} className="font-medium underline">
          {t("receipt.toFeed")}
        </Link>
        <Link to={href("/salute-select")} className="font-medium underline">
          {t("receipt.another")}
        </Link>
      </div>
    </article>
  );
}
