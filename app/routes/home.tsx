import { useTranslation } from "~/platform/translations";
import { Link, redirect, href } from "react-router";
import type { Route } from "./+types/home";
import { roleFlags, currentMember } from "~/features/auth/principal.server";
import { getInstance } from "~/platform/i18n.server";
import type { PageCacheHandle } from "~/platform/visitor-pages";
import { pageTitle } from "~/ui/page";
import { primaryButton, secondaryButton } from "~/ui/buttons";
import type { IndexableHandle } from "~/ui/robots-meta";

/** A visitor's page is the same for every visitor: the server may share it for a moment (decision 0520). */
export const handle = { pageCache: { visitors: true }, indexable: true } satisfies PageCacheHandle & IndexableHandle;

export async function loader({ context }: Route.LoaderArgs) {
  // The spec: a game master with access level above 0 is sent from / and /home to /gamemaster.
  const current = await currentMember(context);
  if (current && current.accessLevel > 0 && roleFlags(current.roles).isGamemaster) {
    throw redirect(href("/gamemaster"));
  }
  return { title: getInstance(context).t("home.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  pageTitle(loaderData?.title, "Home"),
];

/** Each greeting in its own display font (self-hosted, subset, font-display: swap). */
const fonts = ["font-pacifico", "font-bungee", "font-pixel", "font-righteous", "font-monoton"];

export default function Home() {
  const { t } = useTranslation();
  // The logged-in / logged-out notices are the root's (ui/session-notices.tsx): they show
  // on whichever page the member lands on, this one included.
  return (
    <div className="space-y-6">
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
        <Link to={href("/newsfeed")} className={primaryButton}>
          {t("home.openFeed")}
        </Link>
        <Link to={href("/landing")} className={`${secondaryButton} px-4 py-2 text-base font-semibold`}>
          {t("home.learnMore")}
        </Link>
      </div>
    </div>
  );
}
