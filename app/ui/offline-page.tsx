/**
 * Glow's offline page (decision 1181), rendered on the server per language (GET /offline,
 * server/app.ts) and kept by the service worker. A whole document of its own, not a React
 * Router page: the worker shows it in place of whatever address could not be loaded, where
 * the app's scripts would find a page that is not theirs. Its styles are in it (the worker
 * keeps nothing else for it but its script and icon; a stylesheet it linked could be gone
 * from the browser's cache by the time the phone loses its signal), in a `<style>` that
 * carries the nonce of the CSP the page is sent with, as the pages' own styles do (decision
 * 1262): the worker keeps the page with that response's headers, so the two still match
 * when it shows the page offline. Its script, /offline.js, fills in what
 * only the phone knows (the kept posts) from the texts given here in data attributes. It
 * holds nothing personal: it is the same for everyone who reads a language.
 */
import { renderToStaticMarkup } from "react-dom/server";
/** The page's one script (a file of this site: allowed by the CSP without a nonce). */
export const OFFLINE_SCRIPT = "/offline.js";

/** The page's texts, from the request's translator (the offline and common namespaces). */
export function offlinePageStrings(t: (key: string) => string) {
  return {
    title: t("offline:page.title"),
    heading: t("offline:page.heading"),
    intro: t("offline:page.intro"),
    retry: t("offline:page.retry"),
    keptHeading: t("offline:page.keptHeading"),
    when: t("offline:page.when"),
    none: t("offline:page.none"),
    keptAt: t("offline:page.keptAt"),
    waiting: t("offline:waiting"),
    discard: t("offline:discard"),
    discardLabel: t("offline:discardLabel"),
    // The plural forms as they are, {{count}} left for the script (it picks by Intl.PluralRules).
    othersOne: t("offline:others_one"),
    othersOther: t("offline:others_other"),
    signedOut: t("offline:page.signedOut"),
    readable: t("offline:page.readable"),
    readableHelp: t("offline:page.readableHelp"),
    questMap: t("offline:page.questMap"),
    treasure: t("offline:page.treasure"),
    treasureFind: t("offline:page.treasureFind"),
    appName: t("common:appName"),
  };
}

export type OfflinePageStrings = ReturnType<typeof offlinePageStrings>;

/** Light and dark by the phone's own setting; AA contrast in both (decision 1181). */
const STYLE = `
:root{color-scheme:light dark;--bg:#fffbeb;--fg:#0f172a;--muted:#334155;--accent:#b45309;--card:#fff;--line:#f59e0b;--focus:#b45309}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--fg:#f1f5f9;--muted:#cbd5e1;--accent:#fcd34d;--card:#0f172a;--line:#b45309;--focus:#fbbf24}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif}
header{display:flex;align-items:center;gap:.5rem;padding:.75rem 1rem;font-weight:700;font-size:1.25rem}
main{max-width:40rem;margin:0 auto;padding:0 1rem 3rem}
h1{font-size:1.875rem;line-height:1.2;margin:1rem 0 .5rem}
h2{font-size:1.25rem;margin:0 0 .25rem}
section{margin-top:1.5rem;padding:1rem;border-radius:.75rem;background:var(--card);border:2px dashed var(--line)}
ul{padding:0;list-style:none;margin:.5rem 0 0}
li{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem;padding:.375rem 0}
.note{color:var(--muted);font-size:.875rem}
.label{font-weight:600}
a{color:var(--accent);font-weight:600}
a,button{min-height:24px}
button{font:inherit;font-size:.875rem;color:inherit;background:transparent;border:1px solid var(--muted);border-radius:.375rem;padding:.125rem .5rem;cursor:pointer}
a:focus-visible,button:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.retry{display:inline-block;margin-top:.5rem;padding:.5rem 1rem;border-radius:.375rem;background:var(--accent);color:var(--bg);text-decoration:none}
[hidden]{display:none!important}
`;

export function OfflinePage({ lang, strings: s, script, nonce }: { lang: string; strings: OfflinePageStrings; script: string; /** The response's CSP nonce. */ nonce: string }) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex" />
        <title>{`${s.title} · ${s.appName}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* A constant of this file: nothing of a request is in it. */}
        <style nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: STYLE }} />
        <script src={script} defer />
      </head>
      {/* The worker fills in whose page it is and which pages it keeps (public/sw.js). */}
      <body data-member="" data-pages="">
        <header>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{s.appName}</span>
        </header>
        <main>
          <h1>{s.heading}</h1>
          <p>{s.intro}</p>
          {/* The script points it at the address asked for; without it, the home page. */}
          <a href="/" className="retry" data-retry="">
            {s.retry}
          </a>
          <section aria-labelledby="kept-heading">
            <h2 id="kept-heading">{s.keptHeading}</h2>
            <p className="note">{s.when}</p>
            <ul
              data-kept=""
              data-waiting={s.waiting}
              data-discard={s.discard}
              data-discard-label={s.discardLabel}
              data-kept-at={s.keptAt}
              aria-labelledby="kept-heading"
            />
            <p data-none="">{s.none}</p>
            <p data-others="" data-one={s.othersOne} data-other={s.othersOther} hidden />
            <p data-signed-out="" hidden>
              {s.signedOut}
            </p>
          </section>
          <section aria-labelledby="readable-heading" data-readable="" hidden>
            <h2 id="readable-heading">{s.readable}</h2>
            <p className="note">{s.readableHelp}</p>
            <ul>
              <li data-page="/playquest" hidden>
                <a href="/playquest">{s.questMap}</a>
              </li>
              <li data-page="/treasure" hidden>
                <a href="/treasure">{s.treasure}</a>
              </li>
              <li data-page="/treasure/" hidden>
                <a href="/treasure">{s.treasureFind}</a>
              </li>
            </ul>
          </section>
        </main>
      </body>
    </html>
  );
}

/** The offline page in a language: the whole document, as the server sends it with the CSP of `nonce`. */
export function offlinePageHtml(lang: string, t: (key: string) => string, nonce: string): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<OfflinePage lang={lang} strings={offlinePageStrings(t)} script={OFFLINE_SCRIPT} nonce={nonce} />)}`;
}
