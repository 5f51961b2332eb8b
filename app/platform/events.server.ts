/**
 * Live events across app instances: a topic ("contest:7") published after a commit reaches
 * every instance's open event streams. On PostgreSQL through NOTIFY/LISTEN (one listening
 * connection per process, opened on the first subscriber and opened again, with back-off,
 * whenever the database drops it); on the embedded database, which only one process opens,
 * in process. Events carry a topic only, never data: a page that hears one reloads its own
 * data, through its own loader and its own rules.
 */
import { EventEmitter } from "node:events";
import pg from "pg";
import { sql } from "drizzle-orm";
import { connection } from "./db/db.server";
import { databaseConnectionLost } from "./db/outage.server";
import { log } from "./log.server";

const CHANNEL = "glow_events";
const TOPIC = /^[a-z]+:\d{1,10}$/;

/**
 * Waits between attempts to listen again after the connection was lost: doubling from the
 * first to the last, then the last until it listens (decision 1123: a database back is heard
 * within about 4 s, and a database that stays away costs one attempt every 4 s).
 */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 4_000;

/** The in-process fan-out: listeners only, no data kept. */
const local = new EventEmitter();
local.setMaxListeners(0);

interface Listening {
  url: string;
  client: pg.Client | null;
  retry: ReturnType<typeof setTimeout> | null;
  /** Attempts that failed since it last listened. */
  failures: number;
  /** It listens now. */
  connected: boolean;
  /** It listened, then lost the connection (said once in the log), and listens no more. */
  lost: boolean;
}

let listening: Listening | null = null;

function listenOnPostgres(url: string) {
  if (listening) return;
  listening = { url, client: null, retry: null, failures: 0, connected: false, lost: false };
  void listen(listening);
}

async function listen(state: Listening) {
  const client = new pg.Client({ connectionString: state.url, connectionTimeoutMillis: 5_000 });
  state.client = client;
  client.on("notification", (message) => {
    if (message.channel === CHANNEL && message.payload && TOPIC.test(message.payload)) local.emit("topic", message.payload);
  });
  // Always listened to: an 'error' nobody listens to would end the process.
  client.on("error", (error) => listenerLost(state, client, error));
  client.on("end", () => listenerLost(state, client, new Error("Connection terminated")));
  try {
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
  } catch (error) {
    listenerLost(state, client, error);
    return;
  }
  if (state.client !== client) return; // stopped, or lost, meanwhile
  if (state.lost) log.info("event listener back");
  // Whatever was published while nobody here listened was not heard: every subscriber is
  // told it may have missed something (a page then reloads its data once).
  if (state.lost || state.failures > 0) local.emit("missed");
  state.connected = true;
  state.lost = false;
  state.failures = 0;
}

function listenerLost(state: Listening, client: pg.Client, error: unknown) {
  if (state.client !== client) return; // already handled (an 'error' is followed by an 'end')
  state.client = null;
  client.end().catch(() => {});
  if (listening !== state) return; // stopped
  if (local.listenerCount("topic") === 0) {
    // Nobody follows anything: the next subscriber listens again.
    listening = null;
    return;
  }
  if (state.connected) {
    state.connected = false;
    state.lost = true;
    log.warn("event listener lost", { error: error instanceof Error ? error.message : String(error) });
    // Perhaps the database went away: the outage is said once, with the rest.
    databaseConnectionLost(error);
  }
  const wait = Math.min(RELISTEN_MAX_MS, RELISTEN_FIRST_MS * 2 ** state.failures);
  state.failures++;
  state.retry = setTimeout(() => {
    state.retry = null;
    if (listening === state) void listen(state);
  }, wait);
  state.retry.unref();
}

/** Tells every instance's subscribers that `topic` changed. */
export async function publishEvent(topic: string) {
  if (!TOPIC.test(topic)) return;
  const current = connection();
  if (current.target.kind === "postgres") await current.db.execute(sql`select pg_notify(${CHANNEL}, ${topic})`);
  else local.emit("topic", topic);
}

/**
 * Calls `onTopic` for every topic published from now on, and `onMissed` when this process
 * could not hear for a while (the database dropped its listening connection) and may have
 * missed some. The answer unsubscribes.
 */
export function subscribeEvents(onTopic: (topic: string) => void, onMissed?: () => void): () => void {
  const current = connection();
  local.on("topic", onTopic);
  if (onMissed) local.on("missed", onMissed);
  if (current.target.kind === "postgres") listenOnPostgres(current.target.url);
  return () => {
    local.off("topic", onTopic);
    if (onMissed) local.off("missed", onMissed);
  };
}

/** How many subscribers this process has (tests: nothing is kept once streams close). */
export function subscriberCount(): number {
  return local.listenerCount("topic");
}

/** Closes the listening connection (graceful shutdown, tests). */
export async function stopEvents() {
  const state = listening;
  listening = null;
  local.removeAllListeners();
  if (!state) return;
  if (state.retry) clearTimeout(state.retry);
  const client = state.client;
  state.client = null;
  await client?.end().catch(() => {});
}
