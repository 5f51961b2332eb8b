import { describe, expect, it } from "vitest";
import { envWith as withVars } from "../../tests/support/env";

/** env() as these variables make it (and no others of the ones under test). */
const envWith = (vars: Record<string, string>) => withVars(vars, ["SEED_DEMO", "GLOW_CONTAINER", "GLOW_CONSOLE_KEY"]);

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

describe("an environment that is not valid", () => {
  it("stops start-up with one line naming each variable, not a stack (server.js prints 'Glow cannot start: …')", () => {
    let thrown: unknown;
    try {
      envWith({ GLOW_CONSOLE_KEY: "short", SEED_DEMO: "maybe" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ name: "ConfigurationError" });
    const message = (thrown as Error).message;
    expect(message).not.toContain("\n");
    expect(message).toMatch(/GLOW_CONSOLE_KEY: .*; SEED_DEMO: |SEED_DEMO: .*; GLOW_CONSOLE_KEY: /);
  });
});
