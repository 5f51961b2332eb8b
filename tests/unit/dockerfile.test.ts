/**
 * Docker cannot run here, so this reads the Dockerfile, checks the promises it makes, and
 * rebuilds the final stage's file layout in a temporary folder to start the server there
 * (as the container would: no sources, the build as it is) and run the HEALTHCHECK.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { isBuiltin } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNodeOptions } from "../../bench/lib.mjs";
import { ensureBuild, request } from "../support/server-process";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** How `npm start` runs the server (the container's CMD runs it the same way). */
const startScript = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } })
  .scripts.start;

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

function parseDockerfile(text: string): Stage[] {
  const logical = text
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === "FROM") {
      const [, from = "", name] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ from, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

const dockerfile = fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
const stages = parseDockerfile(dockerfile);
const final = stages.at(-1)!;
const all = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
const runs = (stage: Stage) => all(stage, "RUN").map((i) => i.args).join("\n");
const stageNamed = (name: string) => stages.find((s) => s.name === name);

/** COPY instructions of the final stage as { from, sources, dest }. */
function finalCopies() {
  return all(final, "COPY").map((i) => {
    const words = i.args.split(/\s+/);
    const from = words.find((w) => w.startsWith("--from="))?.slice("--from=".length);
    const rest = words.filter((w) => !w.startsWith("--"));
    return { from, sources: rest.slice(0, -1), dest: rest.at(-1)! };
  });
}

function dockerignored(relative: string) {
  const patterns = fs
    .readFileSync(path.join(ROOT, ".dockerignore"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  return patterns.some((p) => {
    const regex = new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}(/.*)?$`);
    return regex.test(relative);
  });
}

/** The usage line at the top of the Dockerfile: the command a newcomer copies. */
const usageLine = /^#\s+(docker run .*)$/m.exec(dockerfile)?.[1] ?? "";

describe("the Dockerfile", () => {
  it("is multi-stage on one Node 22 slim image, pinned to a release", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const bases = new Set(stages.filter((stage) => !stages.some((s) => s.name === stage.from)).map((stage) => stage.from));
    // At least the minor version (a rebuild gets the Node it was tested with), and the
    // Debian release: .ci/container-check makes this very image (decision 1102).
    expect([...bases]).toHaveLength(1);
    expect([...bases][0]).toMatch(/^node:22\.\d+(\.\d+)?-bookworm-slim$/);
  });

  it("installs with npm ci and builds in an earlier stage, and a failing npm ci fails the build", () => {
    const earlier = stages.slice(0, -1).map(runs).join("\n");
    expect(earlier).toMatch(/npm ci(?!.*--omit=dev)/);
    expect(earlier).toMatch(/npm run build|react-router build/);
    expect(runs(final)).not.toMatch(/npm (ci|install|run build)/);
    // No `npm ci || npm install`: a lock npm ci refuses is an error to read, not to paper over.
    for (const stage of stages) {
      expect(runs(stage), `FROM ${stage.from} AS ${stage.name}`).not.toMatch(/\|\||npm install/);
    }
  });

  it("leaves TypeScript out of the image, and nothing Glow runs needs it", () => {
    expect(runs(stageNamed("prod-deps")!)).toMatch(/npm ci --omit=dev[^\n]*&& rm -rf node_modules\/typescript/);
    // Every production package that names TypeScript names it as an optional peer: taking
    // it away leaves each of them working (npm itself would not install an optional peer).
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> }>;
    };
    const needing = Object.entries(lock.packages)
      .filter(([name, meta]) => name !== "" && !meta.dev)
      .filter(([, meta]) => meta.dependencies?.typescript || meta.optionalDependencies?.typescript || (meta.peerDependencies?.typescript && !meta.peerDependenciesMeta?.typescript?.optional))
      .map(([name]) => name);
    expect(needing).toEqual([]);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(pkg.dependencies).not.toHaveProperty("typescript");
  });

  it("keeps documents, tests, the benchmark and local state out of the build context", () => {
    for (const kept of ["docs", "docs/deploy.md", "tests", "tests/e2e/signin.spec.ts", "bench", "deploy", ".git", "node_modules", "data", "build", ".ci"]) {
      expect(dockerignored(kept), kept).toBe(true);
    }
    for (const needed of ["app", "app/root.tsx", "server", "server/app.ts", "public", "drizzle", "scripts/staff.mjs", "package.json", "package-lock.json", "vite.config.ts"]) {
      expect(dockerignored(needed), needed).toBe(false);
    }
  });

  it("says how to run it: the app port on loopback only, and everything the image asks for", () => {
    expect(usageLine).toMatch(/^docker run /);
    // Published on loopback, for the proxy on this machine: on every interface, anyone could
    // speak to the app directly and, with TRUST_PROXY=1, be believed about X-Forwarded-For.
    expect(usageLine).toMatch(/ -p 127\.0\.0\.1:3000:3000 /);
    expect(usageLine).toMatch(/ -e PUBLIC_ORIGIN=http:\/\/localhost:3000 /);
    expect(usageLine).toMatch(/ -e SMS_PROVIDER=console /);
    expect(usageLine).toMatch(/ -v glow-data:\/app\/data /);
    for (const file of ["Dockerfile", "docs/deploy.md", "README.md"]) {
      // Every `docker run` shown, whole (a line ending in a backslash goes on on the next).
      const commands = fs.readFileSync(path.join(ROOT, file), "utf8").replaceAll("\\\n", " ").split("\n").filter((l) => l.includes("docker run "));
      for (const command of commands) expect(command.match(/-p (?!127\.0\.0\.1:)\S*/g) ?? [], `${file}: ${command}`).toEqual([]);
    }
  });

  it("ships production dependencies only in the final stage", () => {
    const modules = finalCopies().find((c) => c.sources.some((s) => s.includes("node_modules")));
    expect(modules?.from).toBeTruthy();
    const source = stageNamed(modules!.from!);
    expect(runs(source!)).toMatch(/npm ci\b.*--omit=dev/);
  });

  it("every package the built server imports is a production dependency", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    ensureBuild();
    const dir = path.join(ROOT, "build/server");
    const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
    const imported = new Set<string>();
    for (const file of files) {
      const code = fs.readFileSync(path.join(dir, file), "utf8");
      for (const [, spec] of code.matchAll(/(?:from|import)\s*\(?\s*"([^"./][^"]*)"/g)) {
        if (isBuiltin(spec!)) continue;
        // Only what could be a package name: prose such as `from ": "` in bundled text is not.
        if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/i.test(spec!)) continue;
        const name = spec!.startsWith("@") ? spec!.split("/").slice(0, 2).join("/") : spec!.split("/")[0]!;
        imported.add(name);
      }
    }
    expect(imported.size).toBeGreaterThan(5);
    const missing = [...imported].filter((name) => !(name in pkg.dependencies));
    expect(missing, "imported by build/server but only a devDependency (or missing)").toEqual([]);
  }, 300_000);

  it("runs as a non-root user in production mode, listening on all interfaces", () => {
    const users = all(final, "USER").map((i) => i.args.trim());
    expect(users.length).toBeGreaterThan(0);
    expect(["root", "0", "0:0"]).not.toContain(users.at(-1));
    const env = all(final, "ENV").map((i) => i.args).join(" ");
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    expect(env).toMatch(/\bHOST=0\.0\.0\.0\b/);
    // The image refuses the console SMS outbox unless SMS_PROVIDER=console is set on purpose,
    // and refuses to start without PUBLIC_ORIGIN (the site texted codes name).
    expect(env).toMatch(/\bGLOW_CONTAINER=1\b/);
    expect(imageEnv()).toMatchObject({ GLOW_CONTAINER: "1", NODE_ENV: "production" });
  });

  it("starts with an exec-form CMD, exposes 3000 and keeps the embedded database on a volume", () => {
    const cmd = all(final, "CMD").at(-1)!.args;
    // node itself, with the options `npm start` gives it (decision 0042), then server.js.
    expect(JSON.parse(cmd)).toEqual(["node", ...startNodeOptions(startScript), "server.js"]);
    expect(all(final, "EXPOSE").map((i) => i.args.trim())).toContain("3000");
    expect(all(final, "WORKDIR").at(-1)?.args.trim()).toBe("/app");
    const volume = all(final, "VOLUME").map((i) => i.args).join(" ");
    // DATABASE_URL unset → ./data/glow under WORKDIR /app.
    expect(volume).toContain("/app/data");
  });

  it("checks health on /healthz with node (slim images have no curl)", () => {
    const healthcheck = all(final, "HEALTHCHECK").at(-1)?.args ?? "";
    expect(healthcheck).toContain("/healthz");
    expect(healthcheck).toMatch(/CMD \["node",/);
    expect(healthcheck).not.toMatch(/curl|wget/);
  });

  it("copies only files that exist after `npm run build` and are in the build context", () => {
    ensureBuild();
    const copies = finalCopies();
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      if (copy.from && copy.from !== "build") continue; // node_modules from npm ci
      for (const source of copy.sources) {
        const relative = source.replace(/^\/app\//, "").replace(/^\.\//, "");
        expect(fs.existsSync(path.join(ROOT, relative)), `${relative} exists`).toBe(true);
        // The build stage copies the context, then builds; build/ comes from the build itself.
        if (!copy.from) expect(dockerignored(relative), `${relative} is not .dockerignored`).toBe(false);
      }
    }
    const copied = copies.flatMap((c) => c.sources.map((s) => s.replace(/^\/app\//, "")));
    for (const needed of ["server.js", "build", "drizzle", "package.json", "package-lock.json"]) {
      expect(copied).toContain(needed);
    }
  }, 300_000);
});

/** The final stage's ENV, as `docker run` gives it to the process. */
function imageEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const instruction of all(final, "ENV")) {
    for (const [, name, value] of instruction.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) out[name!] = value!.replace(/^"|"$/g, "");
  }
  return out;
}

describe("the final stage's files", () => {
  let dir: string;
  beforeAll(() => {
    ensureBuild();
    // Lay out the final stage: what it COPYs, plus node_modules (a link to ours).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-image-"));
    for (const copy of finalCopies()) {
      if (copy.from && copy.from !== "build") continue;
      for (const source of copy.sources) {
        const relative = source.replace(/^\/app\//, "").replace(/^\.\//, "");
        const target = copy.dest.endsWith("/") || copy.sources.length > 1 ? path.join(dir, copy.dest, path.basename(relative)) : path.join(dir, copy.dest);
        fs.cpSync(path.join(ROOT, relative), target, { recursive: true });
      }
    }
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  }, 300_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses to start without PUBLIC_ORIGIN, saying what to set", async () => {
    const started = spawnSync(process.execPath, ["server.js"], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", ...imageEnv(), HOST: "127.0.0.1", PORT: "0", SEED_DEMO: "0", SMS_PROVIDER: "console" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toMatch(/Glow cannot start: .*PUBLIC_ORIGIN=https:\/\//);
    expect(started.stderr).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
  }, 90_000);

  it("refuses a data folder it cannot write with one line, not a stack trace", async () => {
    // The folder a bind mount gives when it belongs to someone else: root's, 0755. As root
    // (who may write anywhere) the server runs as nobody, as the image runs as node.
    const data = fs.mkdtempSync(path.join(os.tmpdir(), "glow-root-owned-"));
    fs.chmodSync(data, 0o755);
    const root = process.getuid?.() === 0;
    if (!root) fs.chmodSync(data, 0o555);
    fs.chmodSync(dir, 0o755);
    try {
      const started = spawnSync(process.execPath, ["server.js"], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? "", ...imageEnv(), HOST: "127.0.0.1", PORT: "0", SMS_PROVIDER: "console", PUBLIC_ORIGIN: "https://glow.example", DATABASE_URL: `file:${path.join(data, "glow")}` },
        ...(root ? { uid: 65534, gid: 65534 } : {}),
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(started.status).toBe(1);
      const lines = `${started.stdout}${started.stderr}`.split("\n").filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Glow cannot start: ${data} cannot be written by uid \\d+ \\(EACCES\\).*chown 1000:1000`));
      expect(fs.readdirSync(data)).toEqual([]);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  }, 90_000);

  it("start the server from the build alone (no app/ folder, no rebuild) and pass the HEALTHCHECK", async () => {
    expect(fs.existsSync(path.join(dir, "app"))).toBe(false);
    const child = spawn(process.execPath, ["server.js"], {
      cwd: dir,
      // The image's own ENV (GLOW_CONTAINER=1 among them), and what an operator must add;
      // SEED_DEMO left unset, as an operator leaves it.
      env: {
        PATH: process.env.PATH ?? "",
        ...imageEnv(),
        HOST: "127.0.0.1",
        PORT: "0",
        SMS_PROVIDER: "console",
        PUBLIC_ORIGIN: "https://glow.example",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 150_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString("utf8");
          const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(Number(match[1]));
          }
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        child.once("exit", (code) => reject(new Error(`exited ${code}:\n${output}`)));
      });
      expect(output).not.toMatch(/building/i);
      // No demo world (its staff passwords are published) unless SEED_DEMO=1 asks for it, and
      // a welcome that says where members go, where codes are, and how to make the first admin.
      expect(output).not.toMatch(/seeded the demo world|demo member|password glow-/);
      expect(output).toContain("Members open it at https://glow.example (PUBLIC_ORIGIN).");
      expect(output).toContain("Sign in: open https://glow.example/signin with a phone number");
      expect(output).toMatch(/sign-in codes are printed in this log, and listed at\n {2}https:\/\/glow\.example\/dev\/outbox\?key=[\w-]{24,} /);
      expect(output).toContain("No staff account yet: set STAFF_FIRST_ADMIN and STAFF_FIRST_ADMIN_PASSWORD");
      // The embedded database landed in the VOLUME folder.
      expect(fs.existsSync(path.join(dir, "data", "glow"))).toBe(true);
      expect((await request(port, { path: "/landing" })).status).toBe(200);

      const healthcheck = all(final, "HEALTHCHECK").at(-1)!.args;
      const [command, ...args] = JSON.parse(healthcheck.slice(healthcheck.indexOf("CMD") + 3)) as string[];
      expect(command).toBe("node");
      const healthy = spawnSync(process.execPath, args, { env: { ...process.env, PORT: String(port) }, timeout: 10_000 });
      expect(healthy.status).toBe(0);
      const unhealthy = spawnSync(process.execPath, args, { env: { ...process.env, PORT: "1" }, timeout: 10_000 });
      expect(unhealthy.status).toBe(1);
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
    }
  }, 200_000);
});
