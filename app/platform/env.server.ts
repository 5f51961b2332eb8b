import { z } from "zod";

/**
 * Every environment variable Glow reads, validated in one place.
 * The README's configuration table mirrors this schema.
 */
/** An empty variable (`OPENAI_MODEL=`) means "not set". */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().optional(),
  // Number of reverse-proxy hops whose X-Forwarded-* headers we believe. Never "true".
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SESSION_SECRET: z.string().min(16).optional(),
  LOG_REQUESTS: z
    .enum(["0", "1"])
    .default("1")
    .transform((v) => v === "1"),
  // Seed the demo world into an empty database (on by default for the try-it command).
  SEED_DEMO: z
    .enum(["0", "1"])
    .default("1")
    .transform((v) => v === "1"),
  // Browser tests only: enables POST /__e2e/session when the request carries this token.
  GLOW_E2E_HOOKS_TOKEN: z.string().min(32).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(9000),
  // The beamkins' chat brain: an OpenAI-compatible chat API (a local model server works
  // too) when the base URL and model are set; the built-in scripted brain otherwise.
  OPENAI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  OPENAI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  OPENAI_MODEL: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid environment:\n${lines.join("\n")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

export const isProduction = () => env().NODE_ENV === "production";

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
