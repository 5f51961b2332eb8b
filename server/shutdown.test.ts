/**
 * SIGTERM under load (docs/decisions/0511): members' requests on kept-alive connections are
 * all answered while Glow drains; none is cut off. A new connection refused once Glow
 * stopped listening is fine (nothing reached Glow; a proxy sends it elsewhere); a request
 * on a kept-alive connection reset or hung up is not.
 */
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, startBuiltServer, type ServerProcess } from "../tests/support/server-process";

beforeAll(() => ensureBuild(), 300_000);

interface Tally {
  answered: number;
  refused: number;
  /** What went wrong on a request that reached Glow (a reset, a hang-up): must stay empty. */
  cut: string[];
  connectionClose: number;
}

/** One client on one kept-alive connection, asking again as soon as it is answered. */
async function keepAsking(port: number, path: string, until: Promise<unknown>, tally: Tally) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    try {
      const { status, connection } = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path, agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          res.on("error", reject);
        });
        req.on("error", (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
        req.end();
      });
      expect([200, 503]).toContain(status);
      tally.answered++;
      if (connection === "close") tally.connectionClose++;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      if (code === "ECONNREFUSED") {
        tally.refused++;
        break; // Glow no longer listens: this client is done
      }
      // A new connection the kernel had queued when Glow stopped listening is reset, not
      // refused: its request was never read, as with a refusal. A kept-alive connection's
      // request must never be.
      if (code === "ECONNRESET" && !(error as { reused?: boolean }).reused) {
        tally.refused++;
        break;
      }
      tally.cut.push(code);
    }
  }
  agent.destroy();
}

describe("SIGTERM while members' kept-alive connections are busy", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startBuiltServer({ LOG_REQUESTS: "0", PAGE_CACHE_MS: "0" });
  }, 180_000);

  it("answers every request that reached it, tells clients to close, and exits 0 in time", async () => {
    const tally: Tally = { answered: 0, refused: 0, cut: [], connectionClose: 0 };
    const exited = server.exited;
    const clients = Array.from({ length: 12 }, (_, i) =>
      keepAsking(server.port, i % 3 === 0 ? "/landing" : i % 3 === 1 ? "/healthz" : "/home", exited, tally),
    );
    // Load under way (every client answered at least twice, however busy the machine),
    // then the signal, with the load still on.
    const loadedBy = Date.now() + 30_000;
    while (tally.answered < 24 && Date.now() < loadedBy) await new Promise((resolve) => setTimeout(resolve, 50));
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const code = await exited;
    await Promise.all(clients);
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(tally.cut).toEqual([]);
    expect(tally.answered).toBeGreaterThanOrEqual(24);
    // While draining, answers said to close their connection.
    expect(tally.connectionClose).toBeGreaterThan(0);
    await server.stop();
  }, 60_000);
});
