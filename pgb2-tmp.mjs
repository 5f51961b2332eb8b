import { PGlite } from "@electric-sql/pglite";
const db = await PGlite.create(process.argv[2] === "mem" ? "memory://" : "/tmp/pgb/db");
for (let i = 0; i < 200; i++) await db.exec("select 1");
for (let r = 0; r < 3; r++) { const n = 3000; const t = performance.now(); for (let i = 0; i < n; i++) await db.exec("select 1"); console.log(process.argv[2], ((performance.now() - t) / n * 1000).toFixed(0), "µs"); }
await db.close(); process.exit(0);
