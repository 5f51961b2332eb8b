import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { HeaderAvatar } from "~/features/avatars/header-avatar";
import { LanguageSwitcher } from "./language-switcher";
import { useLinkNavigation } from "./link-navigation";
import { ThemeSwitcher } from "./theme-switcher";

const NAV = [
  ["/newsfeed", "nav.newsfeed"],
  ["/salute-select", "nav.salutes"],
  ["/leaderboard", "nav.leaderboard"],
  ["/landing", "nav.landing"],
] as const;

const navLinkClass = (active: boolean) =>
  active ? "nav-link text-glow-700 underline underline-offset-4 dark:text-glow-300" : "nav-link";

/**
 * The header on every page. Its links are plain anchors given client-side navigation by one
 * handler (useLinkNavigation, docs/decisions/0019); the current section is marked as a
 * <NavLink> would: `aria-current="page"` on its own page and on the pages below it.
 */
export function SiteHeader({
  children,
  ringleader = false,
  contests = "/compete",
}: {
  children?: React.ReactNode;
  ringleader?: boolean;
  /** Contests: a game master's console, a judge's queue, or a player's view. */
  contests?: "/compete" | "/gamemaster" | "/judging";
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const followLink = useLinkNavigation();
  return (
    <header
      className="border-b border-slate-200 bg-white/90 dark:border-slate-800 dark:bg-slate-950/90"
      onClick={followLink}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-glow-100 focus:px-3 focus:py-2 focus:text-slate-900"
      >
        {t("skipToContent")}
      </a>
      <div className="mx-auto flex w-full max-w-3xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <a href="/" className="font-pacifico text-2xl text-glow-700 dark:text-glow-300">
          {t("appName")}
        </a>
        <nav aria-label={t("nav.label")} className="flex flex-wrap items-center gap-1 text-sm">
          {/* Parties: a ringleader's dashboard, or joining one for everyone else. */}
          {[...NAV, [ringleader ? "/partymanager" : "/invite", "nav.parties"] as const, [contests, "nav.contests"] as const].map(([to, label]) => {
            const active = pathname === to || pathname.startsWith(`${to}/`);
            return (
              <a key={to} href={to} aria-current={active ? "page" : undefined} className={navLinkClass(active)}>
                {t(label)}
              </a>
            );
          })}
        </nav>
        <div className="ms-auto flex flex-wrap items-center gap-3">
          {children}
          <LanguageSwitcher />
          <ThemeSwitcher />
          <HeaderAvatar />
        </div>
      </div>
    </header>
  );
}
