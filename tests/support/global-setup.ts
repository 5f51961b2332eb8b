import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { TEMPLATE_PATH } from "./paths";

/**
 * Migrate one PGlite database and dump it; every test file clones the dump (~0.4 s)
 * instead of running initdb and the migrations again (~3 s).
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return; // PostgreSQL pass: each file makes its own database
  if (fs.existsSync(TEMPLATE_PATH)) return;
  fs.mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  const pg = await PGlite.create();
  await migrate(drizzle(pg), { migrationsFolder: path.resolve("drizzle") });
  const dump = await pg.dumpDataDir("gzip");
  // Write then rename, so a parallel run never reads half a file.
  const partial = `${TEMPLATE_PATH}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, TEMPLATE_PATH);
  await pg.close();
}
