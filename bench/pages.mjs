// What `npm run bench` measures. Later issues add rows here (see bench/README.md).
import { cookieHeader } from "./lib.mjs";

/**
 * @typedef {object} GlowHandle
 * @property {string} baseUrl        e.g. "http://127.0.0.1:41234"
 * @property {string} e2eToken       the GLOW_E2E_HOOKS_TOKEN Glow was started with
 *
 * @typedef {object} PageSetup
 * @property {Record<string, string>} [headers]  sent with the HTML fetch and every autocannon request
 * @property {string} [path]  replaces the row's path (a page whose address holds an id the setup made)
 *
 * @typedef {object} BenchPage
 * @property {string} name   the row's label in the table
 * @property {string} path   path on Glow, e.g. "/newsfeed"
 * @property {(glow: GlowHandle) => Promise<PageSetup | void>} [setup]
 *   runs once after Glow listens, before the page is measured (sign in, create data, …)
 *
 * @typedef {object} BenchSeed
 * @property {string} name     shown while seeding
 * @property {string} module   path from the repository root to a TypeScript/JS module
 * @property {string} [export] the function to call; default "seedBench"
 * @property {boolean} [optional]  skip quietly (with a note) while the module does not exist yet
 */

/**
 * Signs a member in through Glow's browser-test hook (POST /__e2e/session) and returns
 * the session and consent cookies as a Cookie header.
 * @param {string} phone E.164, e.g. "+15557770001"
 * @param {Record<string, unknown>} [fields] firstName, username, withAvatar, … (see the hook)
 */
export function signedInAs(phone, fields = {}) {
  return async (/** @type {GlowHandle} */ glow) => {
    const response = await fetch(new URL("/__e2e/session", glow.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json", "x-e2e-token": glow.e2eToken },
      body: JSON.stringify({ phone, ...fields }),
    });
    if (!response.ok) {
      throw new Error(`signing ${phone} in through /__e2e/session answered ${response.status}`);
    }
    const cookie = cookieHeader(response.headers.getSetCookie());
    if (!cookie) throw new Error("the e2e session hook set no cookie");
    return { headers: { cookie } };
  };
}

/** Glow's pages, each measured against the bare app's one page. @type {BenchPage[]} */
const rendered = async () => ({ headers: { "cache-control": "no-cache" } });

export const pages = [
  // The two pages, as a visitor (an invitee's first view) sees them: as deployed,
  // where a visitor's page is served again for a second (decision 0020) …
  { name: "Glow /", path: "/" },
  // … and rendered for every request, as a hard reload asks (the page's own cost).
  { name: "Glow / (rendered)", path: "/", setup: rendered },
  { name: "Glow /newsfeed (visitor)", path: "/newsfeed" },
  // … and rendered for every request, as a hard reload asks (the page's own cost).
  {
    name: "Glow /newsfeed (visitor, rendered)",
    path: "/newsfeed",
    setup: rendered,
  },
  // … and as a member, with glow buttons and the floating companion.
  { name: "Glow /newsfeed (member)", path: "/newsfeed", setup: signedInAs("+15557770001", { firstName: "Bench" }) },
  // Where an emailed invite leads (issue 3); also served again for a second to visitors.
  { name: "Glow /signin (anonymous)", path: "/signin" },
  // The character creator must not pull DiceBear into the browser (issue 4).
  { name: "Glow /profile (member)", path: "/profile", setup: signedInAs("+15557770003", { firstName: "Bench", withAvatar: true }) },
  // A page with the floating companion; its island loads lazily, after the page (issue 5).
  { name: "Glow /beamkins (member)", path: "/beamkins", setup: signedInAs("+15557770004", { firstName: "Bench", withAvatar: true }) },
  // 100 000 members from the seed below (issue 6).
  { name: "Glow /leaderboard (member)", path: "/leaderboard", setup: signedInAs("+15557770002", { firstName: "Bench" }) },
];

/**
 * Big data written into Glow's throw-away database before Glow starts (after the
 * migrations and the demo world). Each module exports
 *   async function seedBench({ db, databaseUrl, log }): Promise<string | void>
 * where `db` is Glow's drizzle database; a returned string is printed as a summary.
 * Modules are loaded through Vite, so TypeScript and "~/" imports work.
 * @type {BenchSeed[]}
 */
export const seeds = [
  // 100 000 members and 10 000 posts: the leaderboard and the newsfeed at size (issue 6).
  { name: "100 000 members, 10 000 posts", module: "app/features/leaderboard/bench-seed.server.ts" },
];
