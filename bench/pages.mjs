// What `npm run bench` measures: the slow-phone and bytes pages, the live event's mix, the
// rows that must stay flat as data grows, and the seed modules that make the data. Later
// issues add their rows here (see bench/README.md, "Adding rows").
import { cookieHeader } from "./lib.mjs";

/**
 * @typedef {object} GlowHandle
 * @property {string} baseUrl        e.g. "http://127.0.0.1:41234"
 * @property {string} e2eToken       the GLOW_E2E_HOOKS_TOKEN Glow was started with
 * @property {Record<string, number[]>} ids  the world's ids, by the names of `worldIds`
 *
 * @typedef {object} PageSetup
 * @property {Record<string, string>} [headers]  sent with every request of the page
 * @property {string} [path]  replaces the row's path (an address that holds an id)
 * @property {string} [skip]  why the row is not measured (e.g. "no party in the demo world")
 *
 * @typedef {object} BenchPage
 * @property {string} name   the row's label
 * @property {string} path   path on Glow; a 404 skips the row with a note
 * @property {(glow: GlowHandle) => Promise<PageSetup | void>} [setup]
 * @property {string} [info] not a budget: shown with its figures and this note, not judged
 */

/** A member's phone for the e2e session hook: E.164. The demo world's members are +1555010000N. */
export const DEMO = {
  ada: "+15550100001",
  grace: "+15550100002",
  alan: "+15550100003",
  katherine: "+15550100004",
};

/**
 * Signs a member in through Glow's browser-test hook (POST /__e2e/session) and returns the
 * session and consent cookies as a Cookie header. With `sessionStarted` (the default) the
 * session is then validated with a device fingerprint, as the member's first page of the
 * browser session did (spec section 4, "Session start"): the state a member's pages are
 * usually opened in. `sessionStarted: false` measures that first page itself.
 * @param {string} phone E.164, e.g. "+15557770001"
 * @param {Record<string, unknown>} [fields] firstName, username, withAvatar, … (see the hook)
 */
export function signedInAs(phone, fields = {}, { sessionStarted = true } = {}) {
  return async (/** @type {GlowHandle} */ glow) => {
    const response = await fetch(new URL("/__e2e/session", glow.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json", "x-e2e-token": glow.e2eToken },
      body: JSON.stringify({ phone, ...fields }),
    });
    if (!response.ok) throw new Error(`signing ${phone} in through /__e2e/session answered ${response.status}`);
    const cookie = cookieHeader(response.headers.getSetCookie());
    if (!cookie) throw new Error("the e2e session hook set no cookie");
    if (sessionStarted) {
      const validated = await fetch(new URL("/sessionvalidation", glow.baseUrl), {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ fingerprint: `bench-device-${phone}` }),
      });
      await validated.arrayBuffer();
      if (!validated.ok) throw new Error(`validating ${phone}'s session answered ${validated.status}`);
    }
    return { headers: { cookie } };
  };
}

/**
 * The ids pages and the live event's mix need, read from Glow's database before Glow starts
 * (an embedded database is one process's at a time). A query that fails (a table a later
 * issue adds) gives an empty list.
 */
export const worldIds = {
  /** The newest posts (post pages). */
  posts: "select id from posts order by created_at desc, id desc limit 2000",
  /** Posts nobody has glowed at yet: the event's glows, each one new. */
  glowTargets: "select p.id from posts p where not exists (select 1 from reactions r where r.post_id = p.id) order by p.created_at desc limit 5000",
  /** Seeded members (salute recipients). */
  members: "select id from members where phone like '+1888%' order by id limit 2000",
  parties: "select id from parties order by id",
  contests: "select id from contests order by id",
  /**
   * A member deep in the all-time board's largest tie (the most common score above zero, the
   * highest id in it): their own rank and page read the longest stretch of the ranking index.
   */
  deepTie: `select phone as value from members
             where score = (select score from members where score > 0 group by score order by count(*) desc, score limit 1)
             order by id desc limit 1`,
  /** The same on this week's board. */
  deepWeekTie: `select phone as value from members
                 where score_week = (select max(score_week) from members)
                   and week_score = (select week_score from members where week_score > 0 and score_week = (select max(score_week) from members)
                                      group by week_score order by count(*) desc, week_score limit 1)
                 order by id desc limit 1`,
  /** Treasure codes a member can claim now (a `value` column is kept as it is, not as a number). */
  treasureCodes: `select t.code as value from treasures t where (t.opens_at is null or t.opens_at <= now()) and (t.closes_at is null or t.closes_at > now()) order by t.id`,
};

/** A page seen by the member whose phone is the first of `ids[name]`; skipped (saying `why`) without one. */
export function signedInAsFirst(name, why) {
  return async (/** @type {GlowHandle} */ glow) => {
    const phone = glow.ids[name]?.[0];
    if (phone == null) return { skip: why };
    return signedInAs(String(phone))(glow);
  };
}

/** A page whose address holds the first id of `ids[name]`; skipped (saying `why`) without one. */
export function withFirstId(pathOf, name, why, setup) {
  return async (/** @type {GlowHandle} */ glow) => {
    const id = glow.ids[name]?.[0];
    if (id == null) return { skip: why };
    return { ...((await setup?.(glow)) ?? {}), path: pathOf(id) };
  };
}

/**
 * The slow phone and the bytes: each page is loaded by Lighthouse as a first visit, and its
 * HTML and first-load scripts are weighed. @type {BenchPage[]}
 */
export const pages = [
  { name: "/", path: "/" },
  { name: "/signin", path: "/signin" },
  // A visitor's /newsfeed is the /signin row: the feed is for members, and a visitor is sent
  // on to sign in (NEWSFEED_FOR_VISITORS, off by default, opens it to visitors).
  // Ada has a beamkin: the member pages come with the floating companion.
  { name: "/newsfeed (member)", path: "/newsfeed", setup: signedInAs(DEMO.ada) },
  { name: "/profile (member)", path: "/profile", setup: signedInAs(DEMO.ada) },
  { name: "/beamkins (member)", path: "/beamkins", setup: signedInAs(DEMO.katherine) },
  // The screens later issues add; skipped with a note while Glow answers 404.
  { name: "/playquest (member)", path: "/playquest", setup: signedInAs(DEMO.ada) },
  {
    name: "/party/{id} (member)",
    path: "/party",
    setup: withFirstId((id) => `/party/${id}`, "parties", "no party in the demo world", signedInAs(DEMO.katherine)),
  },
  { name: "/judging (judge)", path: "/judging", setup: signedInAs(DEMO.alan) },
  { name: "/compete (member)", path: "/compete", setup: signedInAs(DEMO.ada) },
  // The console is larger and for one person at a time: its server-cost budget is 6×, not 4×.
  { name: "/gamemaster (game master)", path: "/gamemaster", setup: signedInAs(DEMO.grace), gameMaster: true },
  // Not a budget: what session start (the device fingerprint, once per browser session)
  // costs the first page a member opens.
  {
    name: "/newsfeed (member, session start)",
    path: "/newsfeed",
    setup: signedInAs("+15557770001", { firstName: "Bench", withAvatar: true }, { sessionStarted: false }),
    info: "first page of a browser session: the fingerprint is taken (once per browser session)",
  },
];

/**
 * The server's cost: the pages of the slow phone (the session-start row aside) and a few
 * more members open at an event. `gameMaster: true` is judged against the console's budget.
 * @type {BenchPage[]}
 */
export const costPages = [
  ...pages.filter((page) => !page.info),
  { name: "/leaderboard (member)", path: "/leaderboard", setup: signedInAs(DEMO.ada) },
  { name: "/treasure (member)", path: "/treasure", setup: signedInAs(DEMO.ada) },
];

/**
 * The live event's mix (issue 38): what members do at a game master's event, weighted by
 * how often, in percent. Each arrival picks an entry by weight and a signed-in member at
 * random. Entries that answer 404 are left out of the mix with a note. A write carries a
 * payload the bench recognises (`payload`), and after the run each accepted payload must be
 * in the database exactly once (`check` counts them).
 *
 * request({ member, n, runId, pick }) → { method?, path, form?, accept? }
 *   member: { id, cookie } (null for a visitor), n: the arrival's number, runId: this run's
 *   tag, pick(list): a random element; `ids` holds the world's ids (posts, parties).
 * accepted(answer) → true when Glow did the write (status, location, body).
 * check(query, { tag, memberIds }) → rows { payload, n }: how often the database holds each
 *   payload of this run (payloads start with `tag`; `memberIds` are the members who wrote).
 */
export const eventMix = [
  { name: "feed", weight: 40, request: () => ({ path: "/newsfeed" }) },
  // 10 % over the other pages members keep open at an event.
  { name: "beamkins", weight: 2.5, request: () => ({ path: "/beamkins" }) },
  { name: "leaderboard", weight: 2.5, request: () => ({ path: "/leaderboard" }) },
  { name: "salute select", weight: 2.5, request: () => ({ path: "/salute-select" }) },
  { name: "quest map", weight: 2.5, request: () => ({ path: "/playquest" }) },
  // Writes.
  {
    name: "glow",
    weight: 20,
    write: "glow",
    // One glow per member and post: payload "member:post", never toggled off. JSON, as the
    // feed's script sends it.
    request: ({ member, glowTarget }) => ({
      method: "POST",
      path: "/reactions",
      form: { postId: String(glowTarget), glow: "on", stay: "1" },
      accept: "application/json",
      payload: `${member.id}:${glowTarget}`,
    }),
    accepted: (answer) => answer.status === 200,
    check: (query, { memberIds }) =>
      query(
        `select member_id || ':' || post_id as payload, count(*)::int as n from reactions
          where member_id = any($1::int[]) group by 1`,
        [memberIds],
      ),
  },
  {
    name: "compliment",
    weight: 15,
    write: "salute",
    // A form posted without JavaScript: the answer is a redirect (or the form again).
    request: ({ member, pick, ids, tag }) => {
      let to = pick(ids.members);
      if (to === member.id) to = ids.members.find((id) => id !== member.id);
      return {
        method: "POST",
        path: "/compliment",
        form: { recipientId: String(to), message: tag, gems: "0" },
        payload: tag,
      };
    },
    // A sent salute goes on to its post; a refusal answers the form again (4xx).
    accepted: (answer) => answer.status >= 300 && answer.status < 400 && !/\/signin/.test(answer.location ?? ""),
    check: (query, { tag }) =>
      query(`select message as payload, count(*)::int as n from salutes where message like $1 || '%' group by 1`, [tag]),
  },
  {
    name: "chat",
    weight: 15,
    write: "chat",
    request: ({ tag }) => ({
      method: "POST",
      path: "/beamkins/chat",
      form: { message: tag },
      accept: "application/json",
      payload: tag,
    }),
    accepted: (answer) => answer.status === 200,
    check: (query, { tag }) =>
      query(
        `select content as payload, count(*)::int as n from chat_messages
          where role = 'user' and content like $1 || '%' group by 1`,
        [tag],
      ),
  },
];

/**
 * Flat as data grows: every page of the server's cost, and the boards as the members whose
 * own standing costs the most (deep in the largest tie), each on Glow over the 1× and the
 * big world in one run; its CPU per request at the big scale may be at most 1.3× its CPU at
 * 1×. @type {BenchPage[]}
 */
export const growthRows = [
  ...costPages.filter((page) => page.path !== "/newsfeed" && page.path !== "/leaderboard"),
  // A bench member: their feed holds the bench world's posts, their rank a random score.
  { name: "member feed", path: "/newsfeed", setup: signedInAs("+18880000001") },
  { name: "leaderboard, all time", path: "/leaderboard", setup: signedInAs("+18880000001") },
  { name: "leaderboard, all time (own rank deep in the largest tie)", path: "/leaderboard", setup: signedInAsFirst("deepTie", "no member with points") },
  { name: "leaderboard, week", path: "/leaderboard?board=week", setup: signedInAs("+18880000001") },
  { name: "leaderboard, week (own rank deep in the largest tie)", path: "/leaderboard?board=week", setup: signedInAsFirst("deepWeekTie", "no member with points this week") },
  {
    name: "leaderboard, contest",
    path: "/leaderboard?board=contest",
    setup: withFirstId((id) => `/leaderboard?board=contest&contest=${id}`, "contests", "no contest", signedInAs("+18880000001")),
  },
];

/**
 * The data: modules run after the migrations and the demo world, before Glow starts, at a
 * scale (1 = the demo's data: 1 000 members, 10 000 posts; the growth part's big world is
 * BENCH_GROWTH_SCALE, 100 by default). Each exports
 *   async function seedBench({ db, databaseUrl, log, scale }): Promise<string | void>
 * and is loaded through Vite, so TypeScript and "~/" imports work. `optional: true` skips a
 * module that does not exist yet with a note.
 */
export const seeds = [
  { name: "members, scores, posts and glows", module: "bench/world-seed.ts" },
];
