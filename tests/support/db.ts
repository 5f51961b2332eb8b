import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll } from "vitest";
import { openDatabase, setConnection, type Connection } from "~/platform/db/db.server";
import { resetCookieStorages } from "~/platform/cookies.server";
import { setMasterSecret } from "~/platform/secrets.server";
import { TEMPLATE_PATH } from "./paths";
// As in the server: quest progress and the welcome post follow the commands a test runs.
import "~/listeners.server";

/**
 * A fresh, migrated database for one test file, installed as the process connection.
 * PGlite by default (a clone of the migrated template); a throw-away PostgreSQL database
 * when TEST_DATABASE_URL points at a server (the second pass of .ci/run).
 */
export async function createTestDatabase(): Promise<Connection> {
  setMasterSecret("test-master-secret-0123456789abcdef");
  resetCookieStorages();
  const serverUrl = process.env.TEST_DATABASE_URL;
  let conn: Connection;
  if (serverUrl) {
    const server = await throwAwayDatabase(serverUrl);
    const inner = await openDatabase(server.url);
    conn = {
      ...inner,
      close: async () => {
        await inner.close();
        await server.drop();
      },
    };
  } else {
    const template = new Blob([fs.readFileSync(TEMPLATE_PATH)]);
    const pglite = await PGlite.create({ loadDataDir: template });
    conn = await openDatabase("memory:", { migrate: false, pglite });
  }
  setConnection(conn);
  afterAll(async () => {
    await conn.close();
    setConnection(undefined);
  });
  return conn;
}

/** A new, empty database on the PostgreSQL server at `serverUrl`: its URL, and how to drop it. */
export async function throwAwayDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `glow_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
