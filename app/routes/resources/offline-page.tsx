import { renderToStaticMarkup } from "react-dom/server";
import type { Route } from "./+types/offline-page";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { pageLang } from "~/platform/i18n";
import { OFFLINE_SCRIPT, OfflinePage, offlinePageStrings } from "~/ui/offline-page";

/**
 * GET /offline?lng=…: Glow's own page for a member without signal (decision 1181). The
 * service worker (public/sw.js) keeps one per language and shows it in place of a page that
 * cannot be loaded: what is kept on the phone, when it will be sent, and the pages readable
 * offline. It holds nothing personal (it is the same for everyone in a language): the
 * worker marks whose posts to list, and public/offline.js lists them from the phone's
 * storage. No inline script: its one script is a file of this site, which the CSP allows.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const lng = getLocale(context);
  const t = (key: string) => String(getInstance(context).t(key));
  const html = renderToStaticMarkup(<OfflinePage lang={pageLang(lng)} strings={offlinePageStrings(t)} script={OFFLINE_SCRIPT} />);
  return new Response(`<!DOCTYPE html>${html}`, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Language": lng,
      // Fetched by the worker when it installs, and again when a new worker comes.
      "Cache-Control": "no-cache",
    },
  });
}
