// The live event: an open-loop arrival generator. Requests start on a schedule (`rate` a
// second) whatever the earlier ones are doing, as members at an event do; each one's
// latency is counted from the moment it was due, so a server (or a generator) that falls
// behind shows as latency rather than as requests never sent.
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { arrivalTimes, latencySummary, parseServerTiming } from "./lib.mjs";

/** An answer slower than this is an error (a member gives up long before). */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Sends one request and reads its whole answer. Resolves with { status, location, body?,
 * serverTiming } or { error } (a network failure or a timeout); never rejects.
 */
function send(agent, baseUrl, spec, keepBody) {
  return new Promise((resolve) => {
    const url = new URL(spec.path, baseUrl);
    const body = spec.form ? new URLSearchParams(spec.form).toString() : null;
    const headers = {
      accept: spec.accept ?? "text/html",
      // What a member's browser sends: the answers are compressed as theirs are.
      "accept-encoding": "gzip, deflate, br",
      "accept-language": "en",
      ...(spec.cookie ? { cookie: spec.cookie } : {}),
      ...(body !== null ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) } : {}),
    };
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = http.request(
      url,
      { method: spec.method ?? "GET", headers, agent, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => keepBody && chunks.push(chunk));
        response.on("end", () =>
          finish({
            status: response.statusCode,
            location: response.headers.location,
            serverTiming: parseServerTiming(response.headers["server-timing"]),
            body: keepBody ? Buffer.concat(chunks).toString("utf8") : undefined,
          }),
        );
        response.on("error", (error) => finish({ error: error.message }));
      },
    );
    request.on("timeout", () => {
      request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`));
    });
    request.on("error", (error) => finish({ error: error.message }));
    if (body !== null) request.write(body);
    request.end();
  });
}

/**
 * Runs `rate` arrivals a second for `seconds` against `baseUrl`. `next(n)` gives the n-th
 * arrival: { entry, spec } where spec is { method, path, form, cookie, accept, payload }.
 * An answer is an error when the request failed or timed out, when Glow answered 5xx, or
 * when the entry's `accepted` (writes) or a 200 (reads) says it did not do what was asked.
 * Returns every answer ({ entry, ms, status, ok, error, payload, serverTiming }) and how
 * late the generator itself started requests (its own lag, on a shared machine).
 */
export async function runArrivals({ baseUrl, rate, seconds, next, onProgress }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const times = arrivalTimes(rate, seconds);
  const answers = [];
  const inFlight = new Set();
  let lateMax = 0;
  const begin = performance.now() + 20;
  let lastReport = 0;
  for (let n = 0; n < times.length; n++) {
    const due = begin + times[n];
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    lateMax = Math.max(lateMax, performance.now() - due);
    const { entry, spec } = next(n);
    const pending = send(agent, baseUrl, spec, Boolean(entry.write)).then((answer) => {
      const ms = performance.now() - due;
      let ok;
      let error = answer.error;
      if (error) ok = false;
      else if (entry.accepted) ok = entry.accepted(answer);
      else ok = answer.status === 200;
      if (!error && !ok) error = `${answer.status}${answer.location ? ` → ${answer.location}` : ""}`;
      answers.push({ entry: entry.name, write: entry.write ?? null, ms, status: answer.status ?? null, ok, error, payload: spec.payload, serverTiming: answer.serverTiming });
    });
    inFlight.add(pending);
    void pending.finally(() => inFlight.delete(pending));
    if (onProgress && times[n] - lastReport >= 10_000) {
      lastReport = times[n];
      onProgress({ second: Math.round(times[n] / 1000), inFlight: inFlight.size, answered: answers.length });
    }
  }
  await Promise.all([...inFlight]);
  agent.destroy();
  return { answers, generatorLateMaxMs: lateMax };
}

/** The figures of a run: latency over every answer, errors, and per entry of the mix. */
export function summarizeRun(answers) {
  const overall = latencySummary(answers);
  const errors = answers.filter((a) => !a.ok);
  const byEntry = {};
  for (const a of answers) (byEntry[a.entry] ??= []).push(a);
  const entries = Object.fromEntries(
    Object.entries(byEntry).map(([name, list]) => {
      const summary = latencySummary(list);
      const db = list.map((a) => a.serverTiming?.db).filter((x) => typeof x === "number");
      return [name, { ...summary, errors: list.filter((a) => !a.ok).length, dbP50: db.length ? latencySummary(db.map((ms) => ({ ms }))).p50 : null }];
    }),
  );
  const errorKinds = {};
  for (const e of errors) {
    const key = `${e.entry}: ${e.error}`;
    errorKinds[key] = (errorKinds[key] ?? 0) + 1;
  }
  return { ...overall, errors: errors.length, errorKinds, entries };
}
