/** The browser tests' sign-in hook: a back door, so shut unless a test run opens it. */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { callRoute } from "../../../tests/support/route";
import { resetEnvCache } from "~/platform/env.server";
import { action } from "./e2e-session";

const TOKEN = "a-browser-test-token-of-at-least-32-chars";
const SETTINGS = ["GLOW_E2E_HOOKS_TOKEN", "GLOW_CONTAINER"] as const;

beforeAll(async () => {
  await createTestDatabase();
});
afterEach(() => {
  for (const name of SETTINGS) delete process.env[name];
  resetEnvCache();
});

function configure(values: Partial<Record<(typeof SETTINGS)[number], string>>) {
  for (const [name, value] of Object.entries(values)) process.env[name] = value;
  resetEnvCache();
}

const hook = (token: string | null) =>
  new Request("http://localhost:3000/__e2e/session", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { "x-e2e-token": token } : {}) },
    body: JSON.stringify({ phone: "+15556100001" }),
  });

type Answer = { init?: { status?: number; headers?: HeadersInit } | null };
const statusOf = (call: { result: unknown; thrown: unknown }) => ((call.result ?? call.thrown) as Answer).init?.status ?? 200;
const cookiesOf = (call: { result: unknown; thrown: unknown }) =>
  new Headers(((call.result ?? call.thrown) as Answer).init?.headers).getSetCookie();

describe("POST /__e2e/session", () => {
  it("opens a session for a test run that set the token and presents it", async () => {
    configure({ GLOW_E2E_HOOKS_TOKEN: TOKEN });
    const call = await callRoute(action as never, hook(TOKEN));
    expect(statusOf(call)).toBe(200);
    expect(cookiesOf(call).some((c) => c.startsWith("sessionID="))).toBe(true);
  });

  it("is not there without the token, or with another one", async () => {
    expect(statusOf(await callRoute(action as never, hook(TOKEN)))).toBe(404);
    configure({ GLOW_E2E_HOOKS_TOKEN: TOKEN });
    expect(statusOf(await callRoute(action as never, hook(null)))).toBe(404);
    expect(statusOf(await callRoute(action as never, hook(`${TOKEN}x`)))).toBe(404);
  });

  it("never answers inside the container, whatever is set", async () => {
    configure({ GLOW_E2E_HOOKS_TOKEN: TOKEN, GLOW_CONTAINER: "1" });
    const call = await callRoute(action as never, hook(TOKEN));
    expect(statusOf(call)).toBe(404);
    expect(cookiesOf(call).some((c) => c.startsWith("sessionID="))).toBe(false);
  });
});
