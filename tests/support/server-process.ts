import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Makes sure build/ holds a production build of the current sources (builds at most once,
 * even when several test files ask at the same time; `npm test` then reuses it).
 */
export function ensureBuild() {
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts/build.mjs"), "--if-stale"], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    throw new Error(`The production build failed:\n${result.stdout}\n${result.stderr}`);
  }
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Every line the server wrote to stdout and stderr so far. */
  lines: string[];
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts `node server.js` (the built app) on a free port and a throw-away embedded database.
 * `entry` runs another script that imports server.js (a test's own wrapper around it).
 */
export async function startBuiltServer(env: Record<string, string> = {}, entry = "server.js"): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-server-test-"));
  const child = spawn(process.execPath, [path.join(ROOT, entry)], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATABASE_URL: `file:${path.join(dataDir, "glow")}`,
      SEED_DEMO: "0",
      LOG_REQUESTS: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never said it listens is not left running behind the failed test.
      child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`server did not start:\n${lines.join("\n")}`));
    }, 150_000);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (!line) continue;
        lines.push(line);
        const match = /Glow is listening on http:\/\/[^:]+:(\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${lines.join("\n")}`));
    });
  });
  return {
    child,
    port,
    lines,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request with full control over Host and X-Forwarded-* (fetch cannot set Host).
 * The body is not decompressed: tests look at Content-Encoding.
 */
export function request(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string; host?: string; agent?: http.Agent },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: options.host ?? "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The structured request log lines (JSON) the server printed. */
export function requestLogs(lines: string[]) {
  return lines
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === "request");
}

/** A port nothing listens on now (a fixed port for a server, or a closed one to connect to). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The processes whose parent is `pid` (read from /proc: no tool needed), lowest first. */
export function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found.sort((a, b) => a - b);
}
