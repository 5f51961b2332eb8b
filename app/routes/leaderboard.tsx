import { useTranslation } from "~/platform/translations";
import { Link, href } from "react-router";
import type { Route } from "./+types/leaderboard";
import { currentMember } from "~/features/auth/principal.server";
import {
  isBoard,
  listContestBoard,
  listPartyBoard,
  sharedContests,
  viewBoard,
  type Board,
  type RankedRow,
} from "~/features/leaderboard/leaderboard.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { memberTextLang } from "~/ui/text-lang";
import { PageHeading, pageTitle } from "~/ui/page";

export const handle = { i18n: ["leaderboard"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("board");
  const board: Board = isBoard(asked) ? asked : "all";
  const page = Number(url.searchParams.get("page")) || 1;
  const current = await currentMember(context);
  const title = getInstance(context).t("leaderboard:title");
  const contests = await sharedContests();

  if (board === "all" || board === "week") {
    // The session lookup's member row carries the viewer's own scores.
    const { list, mine } = await viewBoard(board, page, current?.member ?? null, getLocale(context));
    const me = current ? { id: current.member.id, rank: mine } : null;
    return { board, title, contests, contestId: null, rows: list.rows, page: list.page, hasNext: list.hasNext, me };
  }
  if (board === "parties") {
    return { board, title, contests, contestId: null, rows: await listPartyBoard(), page: 1, hasNext: false, me: null };
  }
  const contestId = Number(url.searchParams.get("contest")) || contests[0]?.id || 0;
  return { board, title, contests, contestId, rows: await listContestBoard(contestId), page: 1, hasNext: false, me: null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "LeaderBoard")];

const tabClass = (active: boolean) =>
  `rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-glow-700 text-white" : "border border-slate-300 dark:border-slate-700"}`;

export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("leaderboard");
  const { board, rows, page, hasNext, me, contests, contestId } = loaderData;
  const isMembers = board === "all" || board === "week";
  const meOnPage = me && rows.some((r) => r.id === me.id);
  const pageLink = (n: number) => `/leaderboard?board=${board}&page=${n}`;
  return (
    <div className="space-y-5">
      <PageHeading>{t("heading")}</PageHeading>
      <nav aria-label={t("boards")} className="flex flex-wrap gap-2">
        {(["all", "week", "parties"] as const).map((b) => (
          <Link key={b} to={`${href("/leaderboard")}?board=${b}`} aria-current={board === b ? "page" : undefined} className={tabClass(board === b)}>
            {t(`board.${b}`)}
          </Link>
        ))}
        {contests.map((c) => (
          <Link
            key={c.id}
            to={`/leaderboard?board=contest&contest=${c.id}`}
            aria-current={board === "contest" && contestId === c.id ? "page" : undefined}
            className={tabClass(board === "contest" && contestId === c.id)}
          >
            <span lang={memberTextLang(c.name, i18n.language)}>{c.name}</span>
          </Link>
        ))}
      </nav>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t(`explain.${board}`)}</p>

      {isMembers && me ? (
        <section aria-labelledby="my-rank" className="rounded-lg border border-glow-500 bg-glow-50 p-3 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
          <h2 id="my-rank" className="font-semibold">
            {t("you.heading")}
          </h2>
          {me.rank ? (
            <p data-own-rank={me.rank.rank}>
              {t("you.rank", { rank: me.rank.rank, count: me.rank.score })}{" "}
              {!meOnPage ? (
                <Link to={pageLink(me.rank.page)} className="font-medium underline">
                  {t("you.show", { page: me.rank.page })}
                </Link>
              ) : null}
            </p>
          ) : (
            <p>{t("you.none")}</p>
          )}
        </section>
      ) : null}

      {rows.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <RankTable rows={rows} meId={isMembers ? me?.id : undefined} kind={isMembers ? "member" : "party"} />
      )}

      {isMembers && (page > 1 || hasNext) ? (
        <nav aria-label={t("pages")} className="flex flex-wrap items-center gap-4">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} rel="prev" className="font-medium underline">
              {t("previous")}
            </Link>
          ) : null}
          <span>{t("page", { page })}</span>
          {hasNext ? (
            <Link to={pageLink(page + 1)} rel="next" className="font-medium underline">
              {t("next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

function RankTable({ rows, meId, kind }: { rows: readonly RankedRow[]; meId?: number; kind: "member" | "party" }) {
  const { t, i18n } = useTranslation("leaderboard");
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">{t("caption")}</caption>
      <thead>
        <tr className="border-b border-slate-300 dark:border-slate-700">
          <th scope="col" className="py-2 pe-3">{t("columns.rank")}</th>
          <th scope="col" className="py-2 pe-3">{t(kind === "member" ? "columns.member" : "columns.party")}</th>
          <th scope="col" className="py-2 text-end">{t("columns.score")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={r.id}
            aria-current={meId === r.id ? "true" : undefined}
            className={`border-b border-slate-200 dark:border-slate-800 ${meId === r.id ? "bg-glow-50 font-semibold dark:bg-slate-900" : ""}`}
          >
            <td className="py-2 pe-3 tabular-nums">{r.rank}</td>
            <td className="py-2 pe-3">
              {/* A party's name, like a contest's, is a game master's or member's words (decision 0407). */}
              {kind === "member" ? (
                r.name
              ) : (
                // A party's page, a router link like every other link (decision 0522).
                <Link to={href("/party/:id", { id: String(r.id) })} className="font-medium underline underline-offset-2" lang={memberTextLang(r.name, i18n.language)}>
                  {r.name}
                </Link>
              )}
              {meId === r.id ? <span className="ms-2 text-sm">{t("you.label")}</span> : null}
              {r.members !== undefined ? <span className="ms-2 text-sm text-slate-600 dark:text-slate-400">{t("members", { count: r.members })}</span> : null}
            </td>
            <td className="py-2 text-end tabular-nums">{r.score}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
