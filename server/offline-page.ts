import type express from "express";
import { languageOfRequest, translatorFor } from "~/platform/i18n.server";
import { pageLang } from "~/platform/i18n";
import { offlinePageHtml } from "~/ui/offline-page";

/**
 * GET /offline?lng=…: Glow's own page for a phone without signal (decision 1181), which the
 * service worker (public/sw.js) keeps, one per language, and shows in place of a page that
 * cannot be loaded. Answered here, not by React Router: it is no page of the app (no session,
 * no database, nothing personal), and a route would weigh on every page's route manifest.
 * It has no inline script; its inline style carries this response's CSP nonce, so the CSP
 * this response carries allows the page as it is, online and when the worker shows it
 * offline with the headers it was kept with.
 */
export async function sendOfflinePage(req: express.Request, res: express.Response) {
  const lng = await languageOfRequest(
    new Request(`http://glow.invalid${req.originalUrl}`, {
      headers: { cookie: req.headers.cookie ?? "", "accept-language": req.headers["accept-language"] ?? "" },
    }),
  );
  const t = await translatorFor(lng);
  res
    .status(200)
    .set({ "Content-Language": lng, "Cache-Control": "no-cache" })
    .type("html")
    .send(offlinePageHtml(pageLang(lng), (key) => String(t(key)), String(res.locals.cspNonce ?? "")));
}
