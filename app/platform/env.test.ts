import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "./env.server";

/** env() as it reads these variables (and no others of the ones under test). */
function envWith(vars: Record<string, string>) {
  const saved = { ...process.env };
  for (const name of ["SEED_DEMO", "GLOW_CONTAINER", "GLOW_CONSOLE_KEY"]) delete process.env[name];
  Object.assign(process.env, vars);
  resetEnvCache();
  try {
    return env();
  } finally {
    process.env = saved;
    resetEnvCache();
  }
}

afterEach(() => resetEnvCache());

describe("SEED_DEMO", () => {
  it("seeds the demo world for the try-it command (`npm start`) unless told not to", () => {
    expect(envWith({}).SEED_DEMO).toBe(true);
    expect(envWith({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(envWith({ SEED_DEMO: "" }).SEED_DEMO).toBe(true);
  });

  it("seeds nothing in the container (GLOW_CONTAINER=1) unless SEED_DEMO=1 asks on purpose", () => {
    expect(envWith({ GLOW_CONTAINER: "1" }).SEED_DEMO).toBe(false);
    expect(envWith({ GLOW_CONTAINER: "1", SEED_DEMO: "" }).SEED_DEMO).toBe(false);
    expect(envWith({ GLOW_CONTAINER: "1", SEED_DEMO: "1" }).SEED_DEMO).toBe(true);
  });
});

describe("GLOW_CONSOLE_KEY", () => {
  it("is unset unless given, and never a short guessable key", () => {
    expect(envWith({}).GLOW_CONSOLE_KEY).toBeUndefined();
    expect(envWith({ GLOW_CONSOLE_KEY: "k".repeat(24) }).GLOW_CONSOLE_KEY).toBe("k".repeat(24));
    expect(() => envWith({ GLOW_CONSOLE_KEY: "short" })).toThrow(/GLOW_CONSOLE_KEY/);
  });
});
