import { useEffect } from "react";
import { useTranslation } from "~/platform/translations";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { getToast } from "remix-toast/middleware";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { rootMiddleware } from "~/middleware.server";
import { AccountArea } from "~/features/auth/account-area";
import { takeDraft } from "~/features/auth/drafts.server";
import { signedOutCookies } from "~/features/auth/session-store.server";
import { roleFlags, currentMember } from "~/features/auth/principal.server";
import { keptPostsKey } from "~/features/auth/kept-posts-key.server";
import { headerAvatar } from "~/features/avatars/characters.server";
import { loadCompanion } from "~/features/beamkins/companion.server";
import { displayName } from "~/features/members/member-name.server";
import { questDialogueAt } from "~/features/quests/index.server";
import { CompanionMount } from "~/features/beamkins/companion-mount";
import { SessionStart } from "~/features/auth/session-start";
import { RobotsMeta } from "~/ui/robots-meta";
import { StartupSplash, StartupSplashDecision } from "~/ui/startup-splash";
import { TranslationPreloads } from "~/ui/translation-preloads";
import { companionDraftMessage } from "~/ui/draft";
import { endCookie, readConsent, sessionHintCookie } from "~/platform/cookies.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { answerAgain } from "~/platform/page-again.server";
import { pageLang } from "~/platform/i18n";
import { commitSession, getSession } from "~/platform/session.server";
import { themeSessionResolver } from "~/platform/theme.server";
import { lazyIsland } from "~/ui/client-only";
import { keepPageWhenPostFails, keepPageWhenReloadFails, useShownData } from "~/ui/unsent-posts";
import { toastOfThisRequest } from "~/platform/toast.server";
import { CookieBanner } from "~/ui/cookie-banner";
import { SessionNotices } from "~/ui/session-notices";
import { CrashScreen } from "~/ui/crash-screen";
import { ErrorScreen } from "~/ui/error-screen";
import { NotFoundScreen } from "~/ui/not-found-screen";
import { ForbiddenScreen } from "~/ui/forbidden-screen";
import { forbiddenPageOf } from "~/platform/errors";
import { useNonce } from "~/ui/nonce";
import { RouteFocus } from "~/ui/route-focus";
import { HeaderAvatar } from "~/features/avatars/header-avatar";
import { SiteHeader } from "~/ui/site-header";
import { Toaster } from "~/ui/toaster";

/** Namespaces every page needs in the browser (remix-i18next reads `handle.i18n`). */
export const handle = { i18n: ["common", "errors", "auth"] };

/** Every request's middleware, in its order (app/middleware.server.ts says why the order). */
export const middleware: Route.MiddlewareFunction[] = rootMiddleware;

/**
 * In the browser: a post that never reached Glow keeps the page and what was typed, and a
 * background reload that cannot reach it keeps the page as shown.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [keepPageWhenPostFails, keepPageWhenReloadFails];

/**
 * Loaded after hydration: none of it is in a page's first scripts (issue 26's bytes budget).
 * A phone that lost its signal before it came loads it when the connection returns, instead
 * of the page giving way to the error screen.
 */
function loadOfflineParts(): Promise<typeof import("~/ui/offline-parts")> {
  return import("~/ui/offline-parts").catch(
    () => new Promise((resolve) => window.addEventListener("online", () => resolve(loadOfflineParts()), { once: true })),
  );
}
const OfflineParts = lazyIsland(loadOfflineParts);

export const links: Route.LinksFunction = () => [
  // With a precedence React writes the stylesheet at the top of <head>, ahead of the module
  // preloads <Scripts> adds: on a slow phone the render-blocking CSS then arrives first, not
  // queued behind the page's scripts (React otherwise writes a plain <link> after them).
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const headers = new Headers();

  // The logged-in / logged-out notices are flashed into the session cookie (read once).
  const session = await getSession(request);
  const notices = {
    loggedIn: session.get("loggedIn") === true,
    loggedOut: session.get("loggedOut") === true,
  };

  const [themeSession, consent, current, hint] = await Promise.all([
    themeSessionResolver(request),
    readConsent(request),
    currentMember(context),
    sessionHintCookie.parse(request.headers.get("Cookie")),
  ]);
  const [avatar, companion] = await Promise.all([
    headerAvatar(request, context),
    loadCompanion(request, context, questDialogueAt, current),
  ]);

  // Text a member typed into a form after their session ended, given back once on the page
  // they return to after signing in again (features/auth/drafts.server.ts).
  const draft = current ? await takeDraft(session, new URL(request.url)) : { values: null, changed: false };

  if (session.get("sid") && !current) {
    // A replayed, ended or too-old session: this browser is signed out.
    for (const cookie of await signedOutCookies(request, false)) headers.append("Set-Cookie", cookie);
  } else {
    if (notices.loggedIn || notices.loggedOut || draft.changed) headers.append("Set-Cookie", await commitSession(session));
    // A same-site request without a session: the "has a session" hint is stale.
    if (hint === "1" && !session.get("sid") && request.headers.get("Sec-Fetch-Site") !== "cross-site") {
      headers.append("Set-Cookie", await endCookie(sessionHintCookie));
    }
  }

  const accessLevel = current?.accessLevel ?? 0;
  const member = current
    ? {
        id: current.member.id,
        displayName: displayName(current.member, locale),
        // Session start already ran for this session (the fingerprint is stored with it).
        sessionValidated: current.fingerprint !== null,
        accessLevel: current.accessLevel,
        ...roleFlags(current.roles),
      }
    : null;

  return data(
    {
      locale,
      theme: themeSession.getTheme(),
      toast: getToast(context) ?? toastOfThisRequest(context),
      consent,
      notices,
      member,
      // What this member's posts kept offline are filed under on the phone: opaque, the
      // same in every session of theirs (decision 1180).
      keptPostsKey: current ? keptPostsKey(current.member.id) : null,
      accessLevel,
      // The spec: routes get isAuthenticated when the access level is above 0.
      isAuthenticated: accessLevel > 0,
      sessionHint: hint === "1" && Boolean(session.get("sid")),
      avatar,
      companion,
      draft: draft.values,
      // A page drawn again for a post refused by a cap elsewhere: its form shows the refusal.
      answerAgain: answerAgain(context),
      appName: getInstance(context).t("appName"),
      // The title of an error screen (see meta): its heading, 'Error'; the Not-found page's own.
      errorTitle: getInstance(context).t("errors:screen.heading"),
      notFoundTitle: getInstance(context).t("notFound.title"),
      forbiddenTitle: getInstance(context).t("forbidden.title"),
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const lang = root?.locale ?? i18n.language ?? "en";
  return (
    // suppressHydrationWarning: the splash's decision may mark <html> before hydration.
    <html lang={pageLang(lang)} dir={i18n.dir(lang)} className={root?.theme ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <StartupSplashDecision />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <RobotsMeta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <StartupSplash label={root?.appName ?? "Glow"} />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* After the scripts: React writes these preloads into <head> in this order (1261). */}
        <TranslationPreloads lng={lang} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const { locale, consent, member, sessionHint } = loaderData;
  useShownData();
  // When the page answers what needs its scripts: the bench reports it beside Lighthouse's
  // time to interactive, which does not wait for hydration made of short tasks (1264).
  useEffect(() => void performance.mark("glow:hydrated"), []);
  // Posts kept on the phone while offline go out from whatever page is open (decision 1180).
  useEffect(() => {
    // When the new language's text cannot be loaded, the server renders the page in it.
    if (i18n.language !== locale) i18n.changeLanguage(locale).catch(() => window.location.reload());
  }, [locale, i18n]);
  // A consent answered before JavaScript loaded reached only the server's cookie; mirror
  // it into local storage too, as the banner's submit handler would have.
  useEffect(() => {
    if (consent) localStorage.setItem("cookiesaccepted", consent === "yes" ? "true" : "false");
  }, [consent]);

  return (
    <Page root={loaderData}>
      <SessionNotices flags={loaderData.notices} />
      <Outlet />
      {/* Kept posts go out from whatever page is open; the service worker keeps the quest map
          and treasure screens to read offline (decisions 1180, 1181). */}
      <OfflineParts owner={loaderData.keptPostsKey} lang={locale} />
      {consent === "yes" && (member || sessionHint) ? (
        <SessionStart signedIn={Boolean(member)} validated={member?.sessionValidated ?? false} />
      ) : null}
    </Page>
  );
}

/** What every screen has around it: the header, the companion, toasts and the cookie banner. */
function Page({ root, children }: { root: Route.ComponentProps["loaderData"] | undefined; children: React.ReactNode }) {
  const matches = useMatches();
  const bannerEvenIfDeclined = matches.some(
    (match) => (match.handle as { cookieBanner?: string } | undefined)?.cookieBanner === "even-if-declined",
  );
  // A page may keep its toasts longer (the older flow's pages: 5000 ms).
  const toastMs = matches.map((match) => (match.handle as { toastMs?: number } | undefined)?.toastMs).findLast(Boolean);
  const consent = root?.consent;
  return (
    <>
      <SiteHeader
        ringleader={root?.member?.isRingleader ?? false}
        contests={root?.member?.isGamemaster ? "gameMaster" : root?.member?.isJudge ? "judge" : "player"}
        avatar={<HeaderAvatar />}
      >
        {/* Without the root's data (a guarded area refused before any loader ran) who is signed
            in is not known here: no "Sign in" button that would say they were signed out. */}
        {root ? <AccountArea member={root.member ?? null} /> : null}
      </SiteHeader>
      {/* The companion's dock follows <main>, at the page's end: it covers nothing (decision 1182). */}
      <main id="main" className={`mx-auto w-full max-w-3xl px-4 pt-6 ${root?.companion ? "pb-6" : "pb-24"}`}>
        {children}
      </main>
      {/* Room at the page's foot for the toasts over it (app.css, decision 0514). */}
      <div aria-hidden="true" className="toast-room" />
      <RouteFocus />
      <CompanionMount companion={root?.companion ?? null} draftMessage={companionDraftMessage(root?.draft)} />
      {/* One dock at the bottom: toasts stack above the cookie banner, never over its buttons (on a phone they sit at the top: decision 1220). */}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-end gap-4">
        <Toaster toast={root?.toast ?? null} closeAfterMs={toastMs} />
        {consent === null || (consent === "no" && bannerEvenIfDeclined) ? <CookieBanner /> : null}
      </div>
    </>
  );
}

/** Error screens are titled too (a child route's own title is not used when it fails). */
export const meta: Route.MetaFunction = ({ error, loaderData }) => {
  if (!error) return [];
  const title = isNotFound(error)
    ? (loaderData?.notFoundTitle ?? "Page not found")
    : isRouteErrorResponse(error) && error.status === 403
      ? (loaderData?.forbiddenTitle ?? forbiddenPageOf(error.data).title ?? "Not open to you")
      : (loaderData?.errorTitle ?? "Error");
  return [{ title: `${title} · ${loaderData?.appName ?? "Glow"}` }];
};

/** A 404 from any page (an unknown address, a post or receipt that is not there). */
const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  if (isNotFound(error)) {
    // The Not-found page, never the catalogue's NOT_FOUND button, which signs out (0500).
    const back = (error as { data?: { back?: unknown } }).data?.back;
    return (
      <Page root={root}>
        <NotFoundScreen back={typeof back === "string" ? back : null} />
      </Page>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    // Not theirs to see or do: said so, with the way back; never the catalogue's FORBIDDEN
    // button, which signs out (decision 1141).
    const page = forbiddenPageOf(error.data);
    return (
      <Page root={root}>
        <ForbiddenScreen back={page.back} home={page.home} message={page.message} />
      </Page>
    );
  }
  if (isRouteErrorResponse(error)) {
    return (
      <Page root={root}>
        <ErrorScreen status={error.status} />
      </Page>
    );
  }
  return <CrashScreen error={error} />;
}
