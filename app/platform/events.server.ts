/**
 * Live events across app instances: a topic ("contest:7") published after a commit reaches
 * every instance's open event streams. On PostgreSQL through NOTIFY/LISTEN (one listening
 * connection per instance, opened on the first subscriber); on the embedded database,
 * which only one process opens, in process. Events carry a topic only, never data: a page
 * that hears one reloads its own data, through its own loader and its own rules.
 */
import { EventEmitter } from "node:events";
import pg from "pg";
import { sql } from "drizzle-orm";
import { connection } from "./db/db.server";
import { log } from "./log.server";

const CHANNEL = "glow_events";
const TOPIC = /^[a-z]+:\d{1,10}$/;

/** The in-process fan-out: listeners only, no data kept. */
const local = new EventEmitter();
local.setMaxListeners(0);

let listening: Promise<pg.Client> | null = null;

function listenOnPostgres(url: string) {
  listening ??= (async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload && TOPIC.test(message.payload)) local.emit("topic", message.payload);
    });
    client.on("error", (error) => {
      // The next subscriber listens again; a stream that drops is reopened by the browser.
      log.warn("event listener lost", { error: error.message });
      listening = null;
      client.end().catch(() => {});
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    return client;
  })().catch((error: unknown) => {
    listening = null;
    throw error;
  });
  return listening;
}

/** Tells every instance's subscribers that `topic` changed. */
export async function publishEvent(topic: string) {
  if (!TOPIC.test(topic)) return;
  const current = connection();
  if (current.target.kind === "postgres") await current.db.execute(sql`select pg_notify(${CHANNEL}, ${topic})`);
  else local.emit("topic", topic);
}

/** Calls `onTopic` for every topic published from now on; the answer unsubscribes. */
export function subscribeEvents(onTopic: (topic: string) => void): () => void {
  const current = connection();
  if (current.target.kind === "postgres") {
    listenOnPostgres(current.target.url).catch((error: unknown) => log.warn("event listener failed", { error: String(error) }));
  }
  local.on("topic", onTopic);
  return () => {
    local.off("topic", onTopic);
  };
}

/** Closes the listening connection (graceful shutdown, tests). */
export async function stopEvents() {
  const pending = listening;
  listening = null;
  local.removeAllListeners();
  if (pending) await (await pending.catch(() => null))?.end().catch(() => {});
}
