import { useTranslation } from "~/platform/translations";
import { Link, NavLink, href } from "react-router";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeSwitcher } from "./theme-switcher";

const NAV = [
  [href("/newsfeed"), "nav.newsfeed"],
  [href("/playquest"), "nav.quests"],
  [href("/salute-select"), "nav.salutes"],
  [href("/leaderboard"), "nav.leaderboard"],
  [href("/beamkins"), "nav.beamkins"],
  [href("/landing"), "nav.landing"],
] as const;

/** Where "Contests" leads for each kind of member: the console, the judging queue, the player's view. */
const CONTESTS = { gameMaster: href("/gamemaster"), judge: href("/judging"), player: href("/compete") } as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? "nav-link text-glow-700 underline underline-offset-4 dark:text-glow-300" : "nav-link";

/**
 * The header on every page. The current section is marked (`aria-current="page"`) on its
 * own page and on the pages below it, as <NavLink> does.
 */
export function SiteHeader({
  children,
  avatar,
  ringleader = false,
  contests = "player",
}: {
  children?: React.ReactNode;
  /** The member's avatar, drawn by the avatars feature (ui imports no feature). */
  avatar?: React.ReactNode;
  ringleader?: boolean;
  /** Contests: a game master's console, a judge's queue, or a player's view. */
  contests?: keyof typeof CONTESTS;
}) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white/90 dark:border-slate-800 dark:bg-slate-950/90">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-glow-100 focus:px-3 focus:py-2 focus:text-slate-900"
      >
        {t("skipToContent")}
      </a>
      <div className="mx-auto flex w-full max-w-3xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link to={href("/")} className="font-pacifico text-2xl text-glow-700 dark:text-glow-300">
          {t("appName")}
        </Link>
        <nav aria-label={t("nav.label")} className="flex flex-wrap items-center gap-1 text-sm">
          {/* Parties: a ringleader's dashboard, or joining one for everyone else. */}
          {[...NAV, [ringleader ? href("/partymanager") : href("/invite"), "nav.parties"] as const, [CONTESTS[contests], "nav.contests"] as const].map(([to, label]) => (
            <NavLink key={to} to={to} className={navLinkClass}>
              {t(label)}
            </NavLink>
          ))}
        </nav>
        <div className="ms-auto flex flex-wrap items-center gap-3">
          {children}
          <LanguageSwitcher />
          <ThemeSwitcher />
          {avatar}
        </div>
      </div>
    </header>
  );
}
