// The server's cost: CPU time a process tree spends per request, read from /proc (Linux).
// The load is keep-alive GETs, a few at a time, so the server is busy but never queues
// long: CPU per request then barely moves with the machine's load, where requests a second
// and latency do.
import fs from "node:fs";
import http from "node:http";
import { parseProcStat, parseServerTiming, treeCpuTicks } from "./lib.mjs";

/** Clock ticks a second (`getconf CLK_TCK`): 100 on every Linux Node runs on. */
const TICKS_PER_SECOND = 100;

/** Every process's CPU figures now, from /proc/<pid>/stat (threads included in each). */
export function readProcesses() {
  const processes = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      processes.push(parseProcStat(fs.readFileSync(`/proc/${name}/stat`, "utf8")));
    } catch {
      /* ended while we looked */
    }
  }
  return processes;
}

/**
 * CPU milliseconds used so far by the processes rooted at `rootPids` and everything they
 * started, including children that have ended and been waited for (their time is in the
 * parent's cutime/cstime).
 */
export function treeCpuMs(rootPids) {
  const processes = readProcesses();
  let ticks = 0;
  for (const pid of rootPids) ticks += treeCpuTicks(processes, pid);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The PostgreSQL server's process (postmaster) of a data folder. */
export function postmasterPid(dataDir) {
  return Number(fs.readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]);
}

/**
 * Sends `requests` GETs to `url`, `concurrency` at a time over kept-alive connections,
 * reading each answer whole. Returns the statuses and the Server-Timing figures.
 */
export async function keepAliveGets({ url, headers = {}, requests, concurrency }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const answers = [];
  let sent = 0;
  const one = () =>
    new Promise((resolve) => {
      const request = http.get(
        url,
        { agent, headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br", "accept-language": "en", ...headers } },
        (response) => {
          response.on("data", () => {});
          response.on("end", () => {
            const timing = parseServerTiming(response.headers["server-timing"]);
            const queries = /desc="(\d+) quer/.exec(String(response.headers["server-timing"] ?? ""))?.[1];
            resolve({ status: response.statusCode, ...timing, queries: queries == null ? null : Number(queries) });
          });
          response.on("error", (error) => resolve({ error: error.message }));
        },
      );
      request.on("error", (error) => resolve({ error: error.message }));
    });
  const worker = async () => {
    while (sent < requests) {
      sent += 1;
      answers.push(await one());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return answers;
}
