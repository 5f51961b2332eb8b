import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { getToast } from "remix-toast/middleware";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { headerAvatar } from "~/features/avatars/characters.server";
import { loadCompanion } from "~/features/beamkins/companion.server";
import { CompanionMount } from "~/islands/companion-mount";
import { languageCookie, readConsent } from "~/platform/cookies.server";
import { getInstance, getLocale, i18nextMiddleware } from "~/platform/i18n.server";
import { isLanguage } from "~/platform/i18n";
import { commitSession, getSession } from "~/platform/session.server";
import { themeSessionResolver } from "~/platform/theme.server";
import { toastMiddleware } from "~/platform/toast.server";
import { CookieBanner } from "~/ui/cookie-banner";
import { CrashScreen } from "~/ui/crash-screen";
import { ErrorScreen } from "~/ui/error-screen";
import { useNonce } from "~/ui/nonce";
import { SiteHeader } from "~/ui/site-header";
import { Toaster } from "~/ui/toaster";

/** Namespaces every page needs in the browser (remix-i18next reads `handle.i18n`). */
export const handle = { i18n: ["common", "errors"] };

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, toastMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const url = new URL(request.url);
  const headers = new Headers();

  // A ?lng= choice sticks: remember it for the next visit.
  const asked = url.searchParams.get("lng");
  if (isLanguage(asked)) headers.append("Set-Cookie", await languageCookie.serialize(asked));

  // The home screen's one-shot notices are flashed into the session cookie.
  const session = await getSession(request);
  const notices = {
    loggedIn: session.get("loggedIn") === true,
    loggedOut: session.get("loggedOut") === true,
  };
  if (notices.loggedIn || notices.loggedOut) {
    headers.append("Set-Cookie", await commitSession(session));
  }

  const [themeSession, consent, avatar, companion] = await Promise.all([
    themeSessionResolver(request),
    readConsent(request),
    headerAvatar(request, context),
    loadCompanion(request, context),
  ]);

  return data(
    {
      locale,
      theme: themeSession.getTheme(),
      toast: getToast(context),
      consent,
      notices,
      avatar,
      companion,
      appName: getInstance(context).t("appName"),
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
    <html lang={lang} dir={i18n.dir(lang)} className={root?.theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const { locale, toast, consent, companion } = loaderData;
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
  // A consent answered before JavaScript loaded reached only the server's cookie; mirror
  // it into local storage too, as the banner's submit handler would have.
  useEffect(() => {
    if (consent) localStorage.setItem("cookiesaccepted", consent === "yes" ? "true" : "false");
  }, [consent]);

  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-3xl px-4 pb-24 pt-6">
        <Outlet />
      </main>
      <CompanionMount companion={companion} />
      {consent === null ? <CookieBanner /> : null}
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  if (isRouteErrorResponse(error)) {
    return (
      <>
        <SiteHeader />
        <main id="main" className="mx-auto w-full max-w-3xl px-4 pb-24 pt-6">
          <ErrorScreen status={error.status} />
        </main>
        <CompanionMount companion={root?.companion ?? null} />
      </>
    );
  }
  return <CrashScreen error={error} />;
}
