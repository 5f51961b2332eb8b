// Child process of bench/run.mjs: opens Glow's throw-away database (migrating it),
// writes the demo world, then runs each seed module of bench/pages.mjs. Runs Glow's
// TypeScript sources through Vite (as `npm run dev` does), so seeds can import "~/…".
// Input: DATABASE_URL, BENCH_SEEDS_JSON ([{ name, module, export }]) and BENCH_SCALE (1 = the
// demo's data as the bench counts it) in the environment.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const seeds = JSON.parse(process.env.BENCH_SEEDS_JSON ?? "[]");
const scale = Number(process.env.BENCH_SCALE ?? "1");

const vite = await createServer({
  root,
  configFile: false,
  appType: "custom",
  logLevel: "warn",
  plugins: [tsconfigPaths()],
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
let conn;
try {
  const { openDatabase, setConnection } = await vite.ssrLoadModule("/app/platform/db/db.server.ts");
  const { seedDemoWorld } = await vite.ssrLoadModule("/app/features/demo/seed.server.ts");
  conn = await openDatabase(process.env.DATABASE_URL);
  setConnection(conn);
  // Before the big seeds: Glow seeds the demo world only into an empty database.
  await seedDemoWorld(conn.db);
  for (const seed of seeds) {
    const started = Date.now();
    console.log(`  seeding: ${seed.name}…`);
    const mod = await vite.ssrLoadModule(`/${seed.module.replace(/^\.?\//, "")}`);
    const fn = mod[seed.export ?? "seedBench"];
    if (typeof fn !== "function") throw new Error(`${seed.module} exports no function ${seed.export ?? "seedBench"}`);
    const summary = await fn({ db: conn.db, databaseUrl: process.env.DATABASE_URL, scale, log: (m) => console.log(`    ${m}`) });
    console.log(`  seeded: ${seed.name}${summary ? ` (${summary})` : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await conn?.close();
  await vite.close();
}
