// `npm test`: every check in order, stopping at the first that fails.
//   1. type check   react-router typegen && tsc
//   2. lint         eslint .
//   3. unit and integration tests   vitest run
//   4. production build             react-router build (skipped when step 3 already built
//                                   these exact sources for the server tests)
//   5. browser tests                ensure-chromium, then playwright test (JS on and off)
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (pkg, file) => path.join(root, "node_modules", pkg, file);
const node = process.execPath;

const steps = [
  {
    name: "Type check",
    commands: [
      [node, bin("@react-router/dev", "bin.js"), "typegen"],
      [node, bin("typescript", "bin/tsc")],
    ],
  },
  { name: "Lint", commands: [[node, bin("eslint", "bin/eslint.js"), "."]] },
  { name: "Unit and integration tests", commands: [[node, bin("vitest", "vitest.mjs"), "run"]] },
  { name: "Production build", commands: [[node, path.join(root, "scripts/build.mjs"), "--if-stale"]] },
  {
    name: "Browser tests (Chromium, JavaScript on and off)",
    commands: [
      [node, path.join(root, "scripts/ensure-chromium.mjs")],
      [node, bin("@playwright/test", "cli.js"), "test"],
    ],
  },
];

const results = [];
const bar = "─".repeat(72);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function summary() {
  console.log(`\n${bar}\nSummary`);
  for (const r of results) console.log(`  ${r.ok ? "✔" : "✘"} ${r.name.padEnd(52)} ${seconds(r.ms).padStart(8)}`);
  for (const s of steps.slice(results.length)) console.log(`  – ${s.name.padEnd(52)}  skipped`);
  const total = results.reduce((sum, r) => sum + r.ms, 0);
  console.log(`  ${"Total".padEnd(54)} ${seconds(total).padStart(8)}\n${bar}`);
}

for (const [index, step] of steps.entries()) {
  console.log(`\n${bar}\n▶ Step ${index + 1}/${steps.length}: ${step.name}\n${bar}`);
  const started = Date.now();
  let ok = true;
  for (const [command, ...args] of step.commands) {
    const shown = [command === node ? "node" : command, ...args.map((a) => (a.startsWith(root) ? path.relative(root, a) : a))];
    console.log(`$ ${shown.join(" ")}`);
    const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
    if (result.status !== 0) {
      ok = false;
      break;
    }
  }
  results.push({ name: step.name, ok, ms: Date.now() - started });
  if (!ok) {
    summary();
    console.error(`\nnpm test failed at step ${index + 1}: ${step.name}.`);
    process.exit(1);
  }
}
summary();
console.log("\nnpm test passed.");
