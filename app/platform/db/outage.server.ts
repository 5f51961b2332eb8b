/**
 * Whether the database is away, as this process sees it: said once when it goes ("database
 * unavailable") and once when it answers again ("database back"), never once per request
 * (docs/decisions/1122). While it is away a ping every second finds out when it is back;
 * requests meanwhile still try the database themselves (they are answered 503 while it
 * fails), so the service comes back with the database, not with the ping.
 */
import { log } from "~/platform/log.server";
import { connection } from "./db.server";
import { databaseUnavailableReason } from "./unavailable.server";

/** How often a process that found the database away asks whether it is back. */
const PROBE_EVERY_MS = 1_000;

let away: { since: number } | null = null;
let probe: ReturnType<typeof setTimeout> | null = null;
let looking = false;

/**
 * What a request (or background work) met: true when it was the database being away, which
 * is then noted (and logged once for the whole outage, with where it was first seen).
 */
export function noteDatabaseFailure(error: unknown, seenAt: { method?: string; path?: string } = {}): boolean {
  const reason = databaseUnavailableReason(error);
  if (reason === null) return false;
  databaseAway(reason, seenAt);
  return true;
}

/**
 * A connection the database dropped (an idle pooled one, one a request held, the LISTEN
 * connection). Alone that is no outage: a connection ended by an administrator is simply
 * replaced. So look first: when a ping fails too, the database is away.
 */
export function databaseConnectionLost(error: unknown) {
  if (away || looking) return;
  looking = true;
  ping().then(
    () => {
      looking = false;
    },
    (pingError: unknown) => {
      looking = false;
      databaseAway(databaseUnavailableReason(pingError) ?? databaseUnavailableReason(error) ?? "connection lost");
    },
  );
}

/** Whether this process last found the database away (and has not yet seen it answer). */
export function databaseSeemsAway(): boolean {
  return away !== null;
}

function databaseAway(reason: string, seenAt: { method?: string; path?: string } = {}) {
  if (away) return;
  away = { since: Date.now() };
  log.warn("database unavailable", { reason, ...seenAt });
  lookAgainLater();
}

function lookAgainLater() {
  probe = setTimeout(() => {
    probe = null;
    ping().then(
      () => {
        if (!away) return;
        log.info("database back", { awayMs: Date.now() - away.since });
        away = null;
      },
      () => {
        if (away) lookAgainLater();
      },
    );
  }, PROBE_EVERY_MS);
  // Never what keeps a process that is stopping alive.
  probe.unref();
}

async function ping() {
  await connection().ping();
}

/** Forgets an outage and stops looking (shutdown, tests). */
export function stopOutageWatch() {
  if (probe) clearTimeout(probe);
  probe = null;
  away = null;
}
