// The slow phone: Lighthouse 12, run from Node on the same Chromium the browser tests use.
// Lighthouse's default configuration is the one issue 26 names: a mobile phone's screen and
// simulated Slow 4G (150 ms round trips, 1.6 Mbps, the CPU 4× slower), applied to a trace of
// the real page load (its "simulate" throttling). Issue 38 adds the same conditions applied
// while the page loads (its "devtools" throttling: 562.5 ms a request, 1.4 Mbps, the CPU 4×
// slower), where every round trip and every task is really waited for.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, findChromium } from "../scripts/chromium.mjs";

/** Starts a headless Chromium for Lighthouse; `kill()` when done. */
export async function startChrome() {
  const chromePath = findChromium();
  if (!chromePath) throw new Error("no Chromium found (set CHROMIUM_PATH, or install Debian's chromium)");
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
    // Output and logs stay quiet; the bench prints what matters.
    logLevel: "silent",
  });
}

const number = (audit) => (typeof audit?.numericValue === "number" ? audit.numericValue : null);

/**
 * One Lighthouse run of `url` (a first visit: Lighthouse clears the origin's storage and
 * the cache before it loads the page). `headers` go with every request of the page (a
 * member's cookies). `throttled: false` loads the page at the machine's own speed with
 * only the network audit, for the bytes a first visit downloads. `applied: true` throttles
 * the load itself (Lighthouse's "devtools" method) instead of simulating it, and keeps
 * time to interactive, the network waterfall and the main thread's tasks.
 */
export async function lighthouseRun(chrome, url, { headers, throttled = true, applied = false } = {}) {
  const flags = {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    extraHeaders: headers ?? undefined,
    ...(throttled
      ? { onlyCategories: ["performance", "accessibility"], ...(applied ? { throttlingMethod: "devtools" } : {}) }
      : { onlyAudits: ["network-requests"], throttlingMethod: "provided", screenEmulation: { disabled: true } }),
  };
  const result = await lighthouse(url, flags);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audits = lhr.audits;
  const requests = (audits["network-requests"]?.details?.items ?? []).map((item) => ({
    url: item.url,
    resourceType: item.resourceType,
    transferSize: item.transferSize ?? 0,
    resourceSize: item.resourceSize ?? 0,
    statusCode: item.statusCode,
    priority: item.priority,
    // Milliseconds from the page's first request: when it was asked for and when it ended.
    start: Math.round(item.networkRequestTime ?? 0),
    end: Math.round(item.networkEndTime ?? 0),
  }));
  const run = {
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    requests,
    warnings: lhr.runWarnings ?? [],
    settings: {
      formFactor: lhr.configSettings.formFactor,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      throttling: lhr.configSettings.throttling,
    },
  };
  if (!throttled) return run;
  const accessibility = lhr.categories.accessibility;
  const observed = audits.metrics?.details?.items?.[0];
  return {
    ...run,
    fcp: number(audits["first-contentful-paint"]),
    lcp: number(audits["largest-contentful-paint"]),
    tbt: number(audits["total-blocking-time"]),
    cls: number(audits["cumulative-layout-shift"]),
    performance: lhr.categories.performance?.score ?? null,
    accessibility: accessibility?.score ?? null,
    // What an accessibility score under 1 is made of, so a miss says where to look.
    accessibilityFailures: (accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    // …and the elements each failing audit names (the first few), to find them on the page.
    accessibilityNodes: (accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .flatMap((ref) => (audits[ref.id]?.details?.items ?? []).slice(0, 4).map((item) => `${ref.id}: ${item.node?.snippet ?? ""} (${item.node?.explanation?.split("\n")[1]?.trim() ?? ""})`)),
    lcpElement: audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    // The paints of the full-speed load the estimates are computed from (README, "Reading an
    // LCP or a TBT"): an LCP estimate far above FCP while these two are equal is the model's.
    observed: {
      fcp: observed?.observedFirstContentfulPaint ?? null,
      lcp: observed?.observedLargestContentfulPaint ?? null,
    },
    // What moved, for a CLS miss.
    layoutShifts: (audits["layout-shifts"]?.details?.items ?? []).slice(0, 5).map((item) => ({
      score: Math.round(item.score * 1000) / 1000,
      element: item.node?.selector ?? item.node?.snippet ?? null,
    })),
    // The main thread's work by kind (script evaluation, style and layout…), for a TBT miss.
    mainThread: Object.fromEntries(
      (audits["mainthread-work-breakdown"]?.details?.items ?? []).map((item) => [item.group, Math.round(item.duration)]),
    ),
    longTasks: (audits["long-tasks"]?.details?.items ?? []).slice(0, applied ? 10 : 5).map((t) => ({
      url: t.url,
      startTime: Math.round(t.startTime),
      duration: Math.round(t.duration),
    })),
    ...(applied ? appliedFigures(audits, requests) : {}),
  };
}

/**
 * What an applied run adds: time to interactive (the start of the first 5 s after FCP with
 * no long task and at most two requests under way, as the phone really waited for it), and
 * where the time went: each request's start and end (the waterfall, scripts and styles with
 * their priority), the scripts' main-thread time, and the tasks of 20 ms or more.
 */
function appliedFigures(audits, requests) {
  const short = (url) => {
    try {
      const u = new URL(url);
      return `${u.pathname}${u.search}`;
    } catch {
      return url;
    }
  };
  const hydrated = (audits["user-timings"]?.details?.items ?? []).find((item) => item.name === "glow:hydrated");
  return {
    tti: number(audits.interactive),
    // When Glow's page had hydrated (its root's first effect, app/root.tsx): what a tap on
    // something that needs script waits for. Lighthouse's time to interactive does not wait
    // for a hydration made only of short tasks. The bare app has no such mark.
    hydrated: typeof hydrated?.startTime === "number" ? Math.round(hydrated.startTime) : null,
    waterfall: requests
      .filter((r) => !r.url.startsWith("data:"))
      .map((r) => ({ url: short(r.url), type: r.resourceType, priority: r.priority, start: r.start, end: r.end, bytes: r.transferSize })),
    scripts: (audits["bootup-time"]?.details?.items ?? []).slice(0, 10).map((item) => ({
      url: short(item.url),
      total: Math.round(item.total),
      scripting: Math.round(item.scripting),
    })),
    tasks: (audits["main-thread-tasks"]?.details?.items ?? [])
      .filter((t) => t.duration >= 20)
      .map((t) => ({ start: Math.round(t.startTime), duration: Math.round(t.duration) })),
  };
}

/** Fonts and images a first visit downloads, with their sizes on the wire. */
export function firstVisitAssets(requests) {
  return requests
    .filter((r) => r.resourceType === "Font" || r.resourceType === "Image")
    .map((r) => ({ url: new URL(r.url).pathname, type: r.resourceType, bytes: r.transferSize }));
}

/**
 * Lighthouse's own recording sometimes fails ("NO_NAVSTART … Please run Lighthouse again"):
 * such a run is tried again, up to twice, and counted in `row.retries`, instead of leaving
 * the page without a figure.
 */
export async function withLighthouseRetries(row, attempt) {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const message = String(error?.message ?? error);
      if (tries >= 3 || !/\b(NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED|NO_DCL)\b/.test(message)) throw error;
      row.retries = (row.retries ?? 0) + 1;
    }
  }
}
