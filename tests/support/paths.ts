import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The migrated PGlite template, named after the migrations it holds. */
function migrationsHash() {
  const hash = createHash("sha256");
  const dir = path.resolve("drizzle");
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".sql")).sort()) {
    hash.update(name).update(fs.readFileSync(path.join(dir, name)));
  }
  return hash.digest("hex").slice(0, 16);
}

export const TEMPLATE_PATH = path.resolve(".cache", `test-db-${migrationsHash()}.tar.gz`);
