import { env, resetEnvCache, type Env } from "~/platform/env.server";

/**
 * env() as these variables make it: `unset` are removed first (so the machine's own do not
 * count), `vars` set, and process.env given back afterwards.
 */
export function envWith(vars: Record<string, string>, unset: readonly string[] = []): Env {
  const saved = { ...process.env };
  for (const name of unset) delete process.env[name];
  Object.assign(process.env, vars);
  resetEnvCache();
  try {
    return env();
  } finally {
    process.env = saved;
    resetEnvCache();
  }
}
