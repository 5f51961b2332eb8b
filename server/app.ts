/**
 * The Node shell around the React Router app: Express, compression, security headers,
 * health checks, proxy trust, request logs and graceful shutdown.
 *
 * `server.js` imports the built copy of this module (build/server/index.js) in
 * production and loads it through Vite in development.
 */
import fs from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler as createPageRenderer, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
// Before the demo seed or any request: the features that follow what members do.
import "~/listeners.server";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { demoStaffPresent, lockPublishedDemoPasswords } from "~/features/demo/staff.seed.server";
import { CONTEST_RULES } from "~/features/contests/rules";
import { countStaffAccounts } from "~/features/staff/accounts.server";
import { ensureFirstAdmin } from "~/features/staff/first-admin.server";
import { preparePasswordChecks } from "~/features/staff/passwords.server";
import {
  connection,
  describeTarget,
  openDatabase,
  setConnection,
} from "~/platform/db/db.server";
import { stopOutageWatch } from "~/platform/db/outage.server";
import { checkContainerConfiguration, ConfigurationError, env } from "~/platform/env.server";
import { carriesConsoleKey, consolePageLink } from "~/platform/console-key.server";
import { errorTypeForStatus } from "~/platform/errors";
import { translatorForRequest } from "~/platform/i18n.server";
import { log } from "~/platform/log.server";
import { setListeningOrigin } from "~/platform/public-origin.server";
import { pageRendererContext } from "~/platform/page-again.server";
import { requestInfoContext } from "~/platform/request-context";
import { loadMasterSecret, setMasterSecret } from "~/platform/secrets.server";
import { emailSender } from "~/platform/email/email.server";
import { startEmailQueue, stopEmailQueue } from "~/platform/email/queue.server";
import { endEventStreams } from "~/platform/event-streams.server";
import { stopEvents } from "~/platform/events.server";
import { consoleOutbox, sms } from "~/platform/sms/sms.server";
import { apiCrossOrigin, isApiPath } from "./api-origins";
import { newNonce } from "./nonce";
import { sendOfflinePage } from "./offline-page";
import { publicPageCache } from "./page-cache";
import { streamingCompression, wholeAnswerCompression } from "./page-compression";
import { contentSecurityPolicy, securityHeaders } from "./security";
import { visitorPages } from "./visitor-pages";
import { serverTiming } from "./server-timing";

/** `npm run staff -- …` runs from this build too (scripts/staff.mjs), against the same database code. */
export { runStaffCommand } from "~/features/staff/command.server";
/** server.js tells a worker that could not reach the database (tried again later) from one misconfigured. */
export { databaseUnavailableReason } from "~/platform/db/unavailable.server";

export interface StartOptions {
  vite?: ViteDevServer;
  /** The built browser assets (build/client); server.js knows where the build is. */
  clientDir?: string;
  /** Called once the server listens; used by server.js to print how to get in. */
  onListening?: (info: {
    url: string;
    database: string;
    sms: "console" | "twilio";
    email: "console" | "smtp";
    /** The demo world's staff accounts still present, with their known passwords. */
    demoStaff: readonly { username: string; password: string; isAdmin: boolean }[];
    /** PUBLIC_ORIGIN: where members open Glow, when the operator said so. */
    publicOrigin?: string;
    /** Whether the demo world is seeded into this database (SEED_DEMO). */
    demoWorld: boolean;
    /** How many staff accounts exist (none: say how to make the first admin). */
    staffAccounts: number;
    /** The console pages' addresses with this start's key, for those pages that are on. */
    consoleLinks: { outbox?: string; mailbox?: string };
  }) => void;
}

/** Builds the Express app; the database must already be connected. */
export function createApp(options: {
  vite?: ViteDevServer;
  clientDir?: string;
  /**
   * The React Router build: the loaded build in production (its routes also say which
   * pages visitors share), a function that loads it anew in development.
   */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  isShuttingDown: () => boolean;
}) {
  const config = env();
  const dev = Boolean(options.vite);
  const app = express();
  app.disable("x-powered-by");
  // A hop count, never `true`: the leftmost X-Forwarded-For is the client's to forge.
  app.set("trust proxy", config.TRUST_PROXY);
  // Every response says where its time went (database, render, total): first, so it counts all.
  app.use(serverTiming);

  // Once shutdown began, requests still arriving on open keep-alive connections are served,
  // and the client is told to close the connection so the process can exit.
  app.use((_req, res, next) => {
    if (options.isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send("ok");
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain");
    if (options.isShuttingDown()) return void res.status(503).send("shutting down");
    try {
      await connection().ping();
      res.send("ready");
    } catch {
      res.status(503).send("database unavailable");
    }
  });

  // Files, and whatever wholeAnswerCompression (below) hands on, are compressed here; event
  // streams never are.
  app.use(streamingCompression());

  app.use((req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, dev));
    for (const [name, value] of Object.entries(securityHeaders(req.secure))) {
      res.setHeader(name, value);
    }
    next();
  });

  // The JSON API's cross-origin rule comes first: its allowed origins' preflights are answered there.
  app.use(apiCrossOrigin(config.API_ALLOWED_ORIGINS));
  app.use(refuseMalformedRequests);
  app.use(refuseCrossOriginPosts);

  if (config.LOG_REQUESTS) {
    app.use((req, res, next) => {
      const started = process.hrtime.bigint();
      res.on("finish", () => {
        // Path only: query strings may carry phone numbers; no cookies or bodies either.
        log.info("request", {
          method: req.method,
          // The whole path asked for: a mounted handler (/static) leaves req.path without its prefix.
          path: req.originalUrl.split("?", 1)[0],
          // The client as far as TRUST_PROXY lets us see it (the socket address at 0 hops).
          ip: req.ip,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
        });
      });
      next();
    });
  }

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else {
    const clientDir = options.clientDir ?? path.resolve(process.env.GLOW_BUILD_DIR ?? "build", "client");
    // Hashed assets: cache for a year, never revalidate.
    app.use(
      "/static",
      express.static(path.join(clientDir, "static"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        // No folder here is a page: /static is a 404 like any file that is not there.
        redirect: false,
        fallthrough: false,
      }),
      // A file that is not there (or the folder itself): a quiet 404, not an error whose
      // stack Express would print for every such request. An address no file can have (one
      // that climbs out with `..`, which serve-static refuses 403, or one that does not
      // decode) is the client's mistake too: a quiet 400.
      (error: { status?: number; statusCode?: number }, req: express.Request, res: express.Response, next: express.NextFunction) => {
        const status = error.status ?? error.statusCode ?? 500;
        if (status === 404) return void res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
        if (status === 400 || status === 403) return void refuse(req, res, 400, "errors:types.BAD_REQUEST.message");
        next(error);
      },
    );
    // redirect: false — a public folder (public/beamkins/ holds the art) must never turn a
    // page of the same name (/beamkins) into a 301 to "/beamkins/", which drops form posts.
    const servePublic = express.static(clientDir, { maxAge: "1h", index: false, redirect: false });
    // The service worker names the build it came with (decision 1181): a browser installs a
    // worker afresh only when its script changes, and the new one keeps this Glow's offline
    // page. Asked for again on every page load (no-cache), as browsers do for it anyway.
    if (typeof options.build === "object") {
      const worker = serviceWorkerScript(clientDir, options.build.assets.version);
      if (worker) {
        app.get(SERVICE_WORKER_PATH, (_req, res) => {
          res.set("Cache-Control", "no-cache").type("text/javascript").send(worker);
        });
      }
    }
    // The public files are known once built: pages skip the file-system lookup (and the
    // not-found error it builds) that serve-static would make for every request.
    const publicFiles = listPublicFiles(clientDir);
    app.use((req, res, next) => {
      if (publicFiles.has(req.path)) return servePublic(req, res, next);
      next();
    });
  }

  // Glow's offline page, for the service worker to keep (decision 1181).
  app.get(OFFLINE_PAGE_PATH, (req, res, next) => void sendOfflinePage(req, res).catch(next));

  // The console SMS outbox as JSON (the browser tests read codes from it). A request without
  // this start's key goes on to React Router, which has no such route and answers with the
  // Not-found page, as /dev/outbox does (docs/decisions/1100).
  app.get("/dev/outbox.json", (req, res, next) => {
    const outbox = consoleOutbox();
    if (!outbox || !carriesConsoleKey(req.originalUrl)) return next();
    res.set("Cache-Control", "no-store").json(outbox.outbox());
  });

  // Pages, data and JSON: compressed whole when they end, in one call and one write.
  app.use(wholeAnswerCompression());

  const build =
    options.build ??
    (options.vite
      ? () =>
          options.vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
      : () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>);

  // Visitors' pages, rendered once a second per language and theme: the routes whose
  // handle says so (decisions 0020, 0520). Development reloads the routes, so keeps none.
  if (typeof build === "object") {
    app.use(
      publicPageCache({
        ttlMs: dev ? 0 : config.PAGE_CACHE_MS,
        pageOf: visitorPages(build),
        shareableCookies: new Set(["lng", "theme", "cookiesaccepted"]),
        nonceOf: (res) => String(res.locals.cspNonce ?? ""),
      }),
    );
  }

  const mode = dev ? "development" : "production";
  // A page drawn for a request by the app itself (a refused post's page again, decision 1143).
  const renderPage = createPageRenderer(build, mode);
  app.use(
    createRequestHandler({
      build,
      mode,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestInfoContext, {
          nonce: String(res.locals.cspNonce ?? ""),
          clientIp: req.ip ?? req.socket.remoteAddress ?? "0.0.0.0",
          secure: req.secure,
        });
        context.set(pageRendererContext, renderPage);
        return context;
      },
    }),
  );
  return app;
}

/** Where Glow's offline page is (public/sw.js keeps it). */
export const OFFLINE_PAGE_PATH = "/offline";

/** Where the service worker is served: the site's root, so its scope is the whole site. */
export const SERVICE_WORKER_PATH = "/sw.js";

/** The service worker of a build (public/sw.js), its first line naming the build; null when there is none. */
export function serviceWorkerScript(clientDir: string, version: string): string | null {
  let script: string;
  try {
    script = fs.readFileSync(path.join(clientDir, SERVICE_WORKER_PATH), "utf8");
  } catch {
    return null;
  }
  return `// Glow build ${version.replace(/[^\w.-]/g, "")}\n${script}`;
}

/** URL paths of the files in the built client folder, hashed assets (/static/) aside. */
export function listPublicFiles(clientDir: string): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // no build yet (a test app): nothing public to serve
    }
    for (const entry of entries) {
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (urlPath !== "/static") walk(path.join(dir, entry.name), urlPath);
      } else {
        found.add(urlPath);
      }
    }
  };
  walk(clientDir, "");
  return found;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The largest body a request may carry: the game's forms hold a few short fields. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Pages whose forms carry a file, and the body they may send instead of MAX_BODY_BYTES:
 * /compete's entry form takes a photo of up to 2 MB, and reads up to this much so a photo
 * over 2 MB is refused on its field with the entry's text kept.
 */
const LARGER_BODIES = new Map<string, number>([
  ["/compete", CONTEST_RULES.entryPostMaxBytes],
  ["/compete.data", CONTEST_RULES.entryPostMaxBytes],
]);
const ALLOWED_METHODS = "GET, HEAD, POST";

/**
 * Requests no page of the game takes, refused before React Router sees them (it would
 * answer some of them with a 500, or run a page's action for a PUT or a DELETE):
 * - a method other than GET, HEAD and POST: 405 with `Allow` (OPTIONS: 204 with `Allow`);
 * - an address with a NUL character (`%00`), which no one types and PostgreSQL text cannot
 *   hold: 400;
 * - a path that names no address of this site and that React Router cannot even match
 *   (its routes' patterns stop at a line break: `/%0a` was a 500 with a stack): one whose
 *   percent-encoding does not decode, or that decodes to a control character or a line or
 *   paragraph separator: 400;
 * - a body over MAX_BODY_BYTES: 413; a body whose length is not given up front: 411
 *   (browsers give it for every form post, and a stream would otherwise be read whole).
 */
export function refuseMalformedRequests(req: express.Request, res: express.Response, next: express.NextFunction) {
  const method = req.method;
  if (method === "OPTIONS") return void res.status(204).set("Allow", ALLOWED_METHODS).end();
  if (method !== "GET" && method !== "HEAD" && method !== "POST") {
    return void refuse(req, res, 405, "errors:types.BAD_REQUEST.message", { Allow: ALLOWED_METHODS });
  }
  if (req.originalUrl.includes("%00") || unreadablePath(req.originalUrl)) return void refuse(req, res, 400, "errors:types.BAD_REQUEST.message");
  if (method === "POST") {
    const length = req.headers["content-length"];
    if (length === undefined && req.headers["transfer-encoding"] !== undefined) {
      return void refuse(req, res, 411, "errors:types.BAD_REQUEST.message", { Connection: "close" });
    }
    if (length !== undefined && Number(length) > (LARGER_BODIES.get(req.path) ?? MAX_BODY_BYTES)) {
      return void refuse(req, res, 413, "errors:server.tooLarge", { Connection: "close" });
    }
  }
  next();
}

/** Control characters, DEL and the line and paragraph separators (which a pattern's `.` does not match). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNPRINTABLE = /[\u0000-\u001f\u007f\u2028\u2029]/;

/** Whether a request's path does not decode, or decodes to something no address holds. */
export function unreadablePath(originalUrl: string): boolean {
  const path = originalUrl.split("?", 1)[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return UNPRINTABLE.test(decoded);
}

/**
 * React Router compares Origin with the request URL for document actions but not for
 * resource routes (the preference forms, sign-in posts…). Refuse every cross-origin post
 * here, where the protocol and host already account for TRUST_PROXY. A browser that says
 * the request came from another site (`Sec-Fetch-Site: cross-site`) is refused whether or
 * not it sent an Origin. A post with neither (non-browser clients) passes.
 */
export function refuseCrossOriginPosts(
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  if (SAFE_METHODS.has(req.method) || res.locals.allowedCrossOrigin === true) return next();
  if (req.get("sec-fetch-site") === "cross-site") return void refuse(req, res, 403, "errors:server.crossOrigin");
  const origin = req.get("origin");
  if (origin === undefined) return next();
  let allowed = false;
  try {
    allowed = new URL(origin).origin === new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    allowed = false; // "null" or garbage
  }
  if (allowed) return next();
  void refuse(req, res, 403, "errors:server.crossOrigin");
}

/**
 * The server's own refusals, in the language the request asks for (?lng=, the language
 * cookie, Accept-Language): the JSON envelope `{ success: false, type, message }` for a
 * script that asks for JSON and for any address of the JSON API (whose every answer is the
 * envelope, whatever the caller's Accept says), a line of text otherwise.
 */
async function refuse(req: express.Request, res: express.Response, status: number, key: string, headers: Record<string, string> = {}) {
  let message: string;
  try {
    const request = new Request(`http://glow.invalid${req.originalUrl.replaceAll("%00", "")}`, {
      headers: { cookie: req.headers.cookie ?? "", "accept-language": req.headers["accept-language"] ?? "" },
    });
    message = (await translatorForRequest(request))(key);
  } catch {
    message = (await translatorForRequest(new Request("http://glow.invalid/")))(key);
  }
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if ((req.headers.accept ?? "").includes("application/json") || isApiPath(req.originalUrl)) {
    res.json({ success: false, type: errorTypeForStatus(status), message });
  } else {
    res.type("text/plain").send(message);
  }
}

/**
 * A data folder Glow may not write (a bind-mounted folder owned by another user, a read-only
 * volume) stops start-up with one line saying what to change, instead of a stack trace.
 */
export function unwritableFolder(error: unknown): ConfigurationError | null {
  const { code, path: file } = (error ?? {}) as NodeJS.ErrnoException;
  if (code !== "EACCES" && code !== "EPERM" && code !== "EROFS") return null;
  const folder = file ? path.dirname(file) : "the data folder";
  const user = typeof process.getuid === "function" ? `uid ${process.getuid()}` : "the user running Glow";
  return new ConfigurationError(
    `${folder} cannot be written by ${user} (${code}), so the embedded database cannot open there. ` +
      "Give that user write access to the folder (the container runs as uid 1000: chown 1000:1000 on a " +
      "bind-mounted folder), use a named volume, or point DATABASE_URL at PostgreSQL.",
  );
}

/**
 * During a drain, a kept-alive connection idle this long is closed; one used more recently
 * may be carrying the client's next request (decision 0511).
 */
export const DRAIN_IDLE_MS = 500;

/** Opens the database, seeds the demo world when empty, and listens. */
export async function startServer(options: StartOptions = {}) {
  const config = env();
  // Before anything opens: a container without PUBLIC_ORIGIN, or without a real SMS provider
  // (unless SMS_PROVIDER=console says so), refuses to start (ConfigurationError, with what
  // to set).
  checkContainerConfiguration(config);
  const smsProvider = sms();
  // SMTP_URL without SMTP_FROM refuses to start too, before anything opens.
  const mailer = emailSender();
  const conn = await openDatabase(config.DATABASE_URL).catch((error: unknown) => {
    throw unwritableFolder(error) ?? error;
  });
  setConnection(conn);
  setMasterSecret(await loadMasterSecret(conn.db, config.SESSION_SECRET));
  if (config.SEED_DEMO && (await seedDemoWorld(conn.db))) {
    log.info("seeded the demo world");
  }
  // Not asked for the demo: none of its published staff passwords opens an account (1101).
  if (!config.SEED_DEMO) await lockPublishedDemoPasswords(conn.db);
  await ensureFirstAdmin(config.STAFF_FIRST_ADMIN, config.STAFF_FIRST_ADMIN_PASSWORD);
  // The stand-in hash an unknown staff username is checked against, made before anyone asks.
  await preparePasswordChecks();
  const demoStaff = config.SEED_DEMO ? await demoStaffPresent(conn.db) : [];
  // Emails queued in the database (invitations) go out from here, retried when they fail.
  startEmailQueue();

  let shuttingDown = false;
  const app = createApp({
    vite: options.vite,
    clientDir: options.clientDir,
    // Development reloads the build per request through Vite; production loads it once.
    build: options.vite
      ? undefined
      : ((await import("virtual:react-router/server-build")) as unknown as ServerBuild),
    isShuttingDown: () => shuttingDown,
  });

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST ?? "::", (error?: Error) =>
      error ? reject(error) : resolve(s),
    );
    s.once("error", reject);
  });
  // Longer than a proxy's usual 60 s idle timeout, so the proxy closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const host = !config.HOST || config.HOST === "::" || config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  // Without PUBLIC_ORIGIN, texted codes name the site by where it listens (0503).
  setListeningOrigin(url);
  // The console pages are named by the address members use when the operator gave it.
  const pagesAt = config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).origin : url;
  options.onListening?.({
    url,
    database: describeTarget(conn.target),
    sms: smsProvider.name,
    email: mailer.name,
    demoStaff,
    publicOrigin: config.PUBLIC_ORIGIN ? pagesAt : undefined,
    demoWorld: config.SEED_DEMO,
    staffAccounts: await countStaffAccounts(),
    consoleLinks: {
      outbox: smsProvider.name === "console" ? consolePageLink(pagesAt, "/dev/outbox") : undefined,
      mailbox: mailer.name === "console" ? consolePageLink(pagesAt, "/dev/mailbox") : undefined,
    },
  });
  log.info("sms provider", { provider: smsProvider.name });
  log.info("email sender", { sender: mailer.name });
  if (config.GLOW_CONTAINER && mailer.name === "console") {
    log.warn("no SMTP server is configured (SMTP_URL, SMTP_FROM): invitation emails are only written to this log");
  }

  // Each connection, and since when it has been idle (null while a request is under way),
  // so the drain closes only connections nobody is using (decision 0511).
  const idleSince = new Map<Socket, number | null>();
  server.on("connection", (socket: Socket) => {
    idleSince.set(socket, Date.now());
    socket.once("close", () => idleSince.delete(socket));
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    idleSince.set(req.socket, null);
    res.once("close", () => {
      if (idleSince.has(req.socket)) idleSince.set(req.socket, Date.now());
    });
  });

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info("shutting down", { signal });
    const force = setTimeout(() => {
      log.warn("in-flight requests did not finish in time; closing them");
      server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // An event stream never finishes by itself: each ends now, telling its browser when to
    // come back (to another instance), instead of holding the drain until the grace runs out.
    endEventStreams();
    // Every answer from now on says `Connection: close` (see createApp), so a client whose
    // connection is busy closes it itself after the answer. A connection nobody has used for
    // DRAIN_IDLE_MS is closed here: closing one that was used a moment ago would race the
    // client's next request on it, which would be reset instead of answered.
    // Looked at after the loop has read what arrived (setImmediate runs after I/O): a request
    // waiting unread while a page rendered makes its connection busy first.
    const closeIdle = () => {
      const now = Date.now();
      for (const [socket, since] of idleSince) if (since !== null && now - since >= DRAIN_IDLE_MS) socket.destroy();
    };
    const sweep = setInterval(() => setImmediate(closeIdle), 50);
    sweep.unref();
    // Stop listening, and finish when the last connection is gone. Not http.Server#close:
    // it also closes every idle keep-alive connection at once, the race above.
    net.Server.prototype.close.call(server, async () => {
      clearTimeout(force);
      clearInterval(sweep);
      try {
        await stopEmailQueue();
        await stopEvents();
        stopOutageWatch();
        await conn.close();
      } catch (error) {
        log.error("closing the database failed", { error: String(error) });
      }
      log.info("stopped");
      process.exit(0);
    });
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));

  return { server, url, close: () => shutdown("close") };
}
