import { startChrome, lighthouseRun, firstVisitAssets } from "./phone.mjs";
import { cookieHeader } from "./lib.mjs";
const base = "http://127.0.0.1:3326";
const r = await fetch(base + "/__e2e/session", { method: "POST", headers: { "content-type": "application/json", "x-e2e-token": "budgets-token-budgets-token-budgets-token" }, body: JSON.stringify({ phone: "+15557770001", firstName: "Bench", withAvatar: true }) });
const cookie = cookieHeader(r.headers.getSetCookie());
const v = await fetch(base + "/sessionvalidation", { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ fingerprint: "bench-fp" }) });
console.log("validated", v.status);
const chrome = await startChrome();
try {
  for (const [path, headers] of [["/", undefined], ["/newsfeed", { cookie }]]) {
    const t = Date.now();
    const run = await lighthouseRun(chrome, base + path, { headers });
    const { requests, ...rest } = run;
    console.log(path, (Date.now() - t) / 1000, JSON.stringify(rest), JSON.stringify(firstVisitAssets(requests)));
  }
  const fast = await lighthouseRun(chrome, base + "/", { throttled: false });
  console.log("fast", fast.requests.length, JSON.stringify(firstVisitAssets(fast.requests)));
} finally { chrome.kill(); }
