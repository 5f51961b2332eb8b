/**
 * Glow's service worker (decision 1181): an offline shell, nothing more.
 *
 * - Pages come from the network first, always: the server's page is the truth whenever it
 *   can be reached. Only when a page cannot be loaded at all does the worker answer, with
 *   the member's last-seen quest map or treasure screen if it keeps that page, else with
 *   Glow's offline page (/offline, one per language, kept when the worker installs).
 * - Nothing but page loads reaches this worker (a static route sends every other request to
 *   the network where the browser has them): scripts, styles and data come as they would
 *   without it, from the network or the browser's cache (hashed files are immutable).
 * - Personal pages are kept for the member they were rendered for only. Every page Glow
 *   sends says whose it is (the `Glow-Member` header: the opaque key kept posts are filed
 *   under, absent for a visitor), and the pages tell the worker when the member changes
 *   (a sign-in, a sign-out, another member): the kept pages are then deleted at once.
 *
 * A plain script of this site, served at the root so that its scope is the whole site.
 */
const SHELL = "glow-shell-1";
const PAGES = "glow-pages";
/** In PAGES: whose pages they are and the language of the offline page to show. */
const STATE = "/__glow-sw/state";
const LANGUAGES = ["en", "zh"];
const SHELL_FILES = [...LANGUAGES.map((lng) => `/offline?lng=${lng}`), "/offline.js", "/favicon.svg"];
/** The pages kept readable offline: the quest map, the treasure screen, the last treasure opened. */
const KEPT_PAGE = /^\/(?:playquest|treasure(?:\/\d{1,10})?)$/;
const MEMBER_HEADER = "Glow-Member";
const MEMBER_KEY = /^[A-Za-z0-9_-]{1,64}$/;

self.addEventListener("install", (event) => {
  // Page loads only: everything else goes straight to the network (Chromium's static
  // routing; elsewhere the fetch handler below lets it pass).
  try {
    event.waitUntil(event.addRoutes({ condition: { not: { requestMode: "navigate" } }, source: "network" }).catch(() => undefined));
  } catch {
    // No static routing here: the fetch handler lets those requests pass.
  }
  event.waitUntil(
    caches
      .open(SHELL)
      // Without cookies: the same for everyone, and ?lng= must not change the member's language.
      // Asked of Glow, not of the browser's cache: a new worker comes with a new Glow.
      .then((cache) => cache.addAll(SHELL_FILES.map((file) => new Request(file, { credentials: "omit", cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("glow-shell-") && name !== SHELL) await caches.delete(name);
      // The page's request starts while the worker wakes up.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    })(),
  );
});

// One change to the kept pages at a time, in the order asked.
let queue = Promise.resolve();
function serially(task) {
  queue = queue.then(task, task).catch(() => undefined);
  return queue;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(navigate(event, url));
});

async function navigate(event, url) {
  let response;
  try {
    response = (await event.preloadResponse) || (await fetch(event.request));
  } catch {
    return offlineAnswer(url);
  }
  // Copied now: the browser reads the page's body as soon as it has it.
  const copy = response.clone();
  event.waitUntil(serially(() => learn(url, copy)));
  return response;
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (!message || typeof message !== "object") return;
  if (message.type === "member") {
    const lang = LANGUAGES.includes(message.lang) ? message.lang : null;
    event.waitUntil(serially(() => setState(memberKey(message.member), lang)));
  } else if (message.type === "keep" && typeof message.path === "string") {
    event.waitUntil(serially(() => keepFresh(message.path)));
  }
});

function memberKey(value) {
  return typeof value === "string" && MEMBER_KEY.test(value) ? value : "";
}

async function readState() {
  const saved = await (await caches.open(PAGES)).match(STATE);
  const state = saved ? await saved.json().catch(() => null) : null;
  return { member: memberKey(state?.member), lang: LANGUAGES.includes(state?.lang) ? state.lang : "en" };
}

/** Whose pages these are now: another member (or none) and the kept pages go. */
async function setState(member, lang) {
  const cache = await caches.open(PAGES);
  const old = await readState();
  if (member !== old.member) for (const request of await cache.keys()) await cache.delete(request);
  const next = { member, lang: lang ?? old.lang };
  await cache.put(STATE, new Response(JSON.stringify(next), { headers: { "Content-Type": "application/json" } }));
}

/** What a page Glow sent says: whose it is, in which language, and whether to keep it. */
async function learn(url, response) {
  if (response.type !== "basic" || response.status !== 200) return;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return;
  const member = memberKey(response.headers.get(MEMBER_HEADER));
  const lang = response.headers.get("Content-Language");
  await setState(member, LANGUAGES.includes(lang) ? lang : null);
  if (!member || !KEPT_PAGE.test(url.pathname)) return;
  const cache = await caches.open(PAGES);
  // One treasure: the last one opened.
  if (url.pathname.startsWith("/treasure/")) {
    for (const request of await cache.keys()) if (new URL(request.url).pathname.startsWith("/treasure/")) await cache.delete(request);
  }
  await cache.put(url.pathname, response);
}

/** A page the member opened within the app (a link, a form's answer): fetched to keep, as it is now. */
async function keepFresh(path) {
  if (!KEPT_PAGE.test(path)) return;
  const { member } = await readState();
  if (!member) return;
  let response;
  try {
    response = await fetch(path, { credentials: "same-origin", headers: { Accept: "text/html" } });
  } catch {
    return; // offline: the copy kept before (if any) stays
  }
  await learn(new URL(path, self.location.origin), response);
}

/** Instead of a page that could not be loaded: the member's copy of it, or the offline page. */
async function offlineAnswer(url) {
  const { member, lang } = await readState();
  const pages = await caches.open(PAGES);
  if (member && KEPT_PAGE.test(url.pathname)) {
    const kept = await pages.match(url.pathname);
    if (kept && kept.headers.get(MEMBER_HEADER) === member) return kept;
  }
  const shell = await caches.open(SHELL);
  const offline = (await shell.match(`/offline?lng=${lang}`)) ?? (await shell.match("/offline?lng=en"));
  if (!offline) return Response.error();
  const kept = member
    ? (await pages.keys()).map((request) => new URL(request.url).pathname).filter((path) => KEPT_PAGE.test(path))
    : [];
  const html = (await offline.text()).replace('data-member="" data-pages=""', `data-member="${member}" data-pages="${kept.join(" ")}"`);
  const headers = new Headers(offline.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  // Not the page asked for: Glow could not be reached.
  return new Response(html, { status: 503, headers });
}
