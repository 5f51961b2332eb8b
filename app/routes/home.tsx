import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { getCurrentMember, roleFlags } from "~/features/auth/sessions.server";
import { getInstance } from "~/platform/i18n.server";
import type { loader as rootLoader } from "~/root";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The spec: a game master with access level above 0 is sent from / and /home to /gamemaster.
  const current = await getCurrentMember(request, context);
  if (current && current.accessLevel > 0 && roleFlags(current.roles).isGamemaster) {
    throw redirect("/gamemaster");
  }
  return { title: getInstance(context).t("home.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Home"} · Glow` },
];

/** Each greeting in its own display font (self-hosted, subset, font-display: swap). */
const fonts = ["font-pacifico", "font-bungee", "font-pixel", "font-righteous", "font-monoton"];

export default function Home() {
  const { t } = useTranslation();
  const root = useRootNotices();
  return (
    <div className="space-y-6">
      {root.loggedIn ? <Notice>{t("home.loggedIn")}</Notice> : null}
      {root.loggedOut ? <Notice>{t("home.loggedOut")}</Notice> : null}
      <div className="space-y-3 text-center">
        {fonts.map((font, i) =>
          i === 0 ? (
            <h1 key={font} className={`${font} text-3xl text-glow-700 sm:text-4xl dark:text-glow-300`}>
              {t("home.welcome")}
            </h1>
          ) : (
            <p
              key={font}
              aria-hidden="true"
              className={`${font} text-2xl text-glow-700 sm:text-3xl dark:text-glow-300 ${
                font === "font-pixel" ? "text-base sm:text-xl" : ""
              }`}
            >
              {t("home.welcome")}
            </p>
          ),
        )}
      </div>
      <p className="text-center text-lg">{t("home.tagline")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link
          to="/newsfeed"
          className="rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900"
        >
          {t("home.openFeed")}
        </Link>
        <Link to="/landing" className="rounded-md border border-slate-400 px-4 py-2 font-semibold">
          {t("home.learnMore")}
        </Link>
      </div>
    </div>
  );
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-emerald-600 bg-emerald-50 px-4 py-3 font-semibold text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50"
    >
      {children}
    </p>
  );
}

const NO_NOTICES = { loggedIn: false, loggedOut: false };

/**
 * The one-shot notices, kept for as long as the member stays on the page. They are flashed:
 * the root loader reads them once, and data fetched again on the same page (the session
 * check after consent revalidates) no longer has them, yet the member should still read
 * "You have successfully logged out!".
 */
function useRootNotices() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const current = root?.notices ?? NO_NOTICES;
  const [shown, setShown] = useState(current);
  // React's way to keep what an earlier render saw: update state while rendering.
  if ((current.loggedIn && !shown.loggedIn) || (current.loggedOut && !shown.loggedOut)) setShown(current);
  return shown;
}
