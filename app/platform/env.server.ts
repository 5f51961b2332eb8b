import { z } from "zod";

/**
 * Every environment variable Glow reads, validated in one place.
 * The README's configuration table mirrors this schema.
 */
/** An empty variable (`OPENAI_MODEL=`, `TWILIO_FROM=` in a compose file) means "not set". */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

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
  // Seed the demo world into an empty database. Unset: on for the try-it command (`npm start`),
  // off in the container (GLOW_CONTAINER=1), where the demo's staff accounts and their
  // published passwords must never appear unless asked for (decision 1101).
  SEED_DEMO: unsetIfEmpty(z.enum(["0", "1"]).transform((v) => v === "1")),
  // Browser tests only: enables POST /__e2e/session when the request carries this token.
  GLOW_E2E_HOOKS_TOKEN: z.string().min(32).optional(),
  // The key the console pages (/dev/outbox, /dev/mailbox) ask for. server.js makes a new one
  // at every start and hands it to its workers here; browser tests set a known one (1100).
  GLOW_CONSOLE_KEY: unsetIfEmpty(z.string().min(24).max(200)),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(9000),
  // How long a visitor's newsfeed page is served again before it is rendered anew; 0 = never.
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Open event streams (live contest screens) one process holds at most; more are refused
  // with 429 until some close (decision 1123).
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(500),
  // The newsfeed and its posts show members' names and messages: members only, unless the
  // operator opens them to visitors (decision 0513).
  NEWSFEED_FOR_VISITORS: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),

  // Texts (sign-in codes). Unset: Twilio when its credentials are set, else the console
  // outbox. "console" on purpose is the only way a container runs without a real provider.
  SMS_PROVIDER: unsetIfEmpty(z.enum(["console", "twilio"])),
  TWILIO_ACCOUNT_SID: unsetIfEmpty(z.string().regex(/^AC[0-9a-zA-Z]{32}$/, "must look like AC followed by 32 characters")),
  TWILIO_AUTH_TOKEN: unsetIfEmpty(z.string().min(16)),
  TWILIO_FROM: unsetIfEmpty(z.string().regex(/^\+\d{6,15}$|^[A-Za-z0-9 ]{1,11}$/, "must be an E.164 number or a sender id")),
  TWILIO_MESSAGING_SERVICE_SID: unsetIfEmpty(z.string().regex(/^MG[0-9a-zA-Z]{32}$/, "must look like MG followed by 32 characters")),
  // The most texts the instance sends in any 24 hours, every worker and instance on the
  // database together (decision 1160): every text is billed, and the per-number limits do
  // not stop many numbers. Past it, sign-in codes are refused (503 with Retry-After).
  SMS_DAILY_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1000)),
  // Calling codes a member may sign in from, comma-separated (1 = US/Canada, 86 = China).
  PHONE_COUNTRIES: z
    .string()
    .default("1,86")
    .transform((v) => v.split(",").map((c) => c.trim().replace(/^\+/, "")).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[1-9]\d{0,2}$/, "calling codes such as 1,86")).min(1)),
  // Set by the container image: refuse to start with the console SMS outbox unless
  // SMS_PROVIDER=console says it is meant.
  GLOW_CONTAINER: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
  // The public origin (https://glow.example): names the site in the texted code's
  // origin-bound line (unset: the address Glow listens on; never the Host header). The
  // container refuses to start without it.
  PUBLIC_ORIGIN: unsetIfEmpty(z.url()),

  // Emails (party invitations). Unset: the console mailbox (the log and /dev/mailbox, from
  // this machine only). SMTP_URL: nodemailer's connection URL (smtp://user:pass@host:587,
  // smtps://… for TLS from the start); SMTP_FROM names the sender and is then required.
  SMTP_URL: unsetIfEmpty(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })),
  SMTP_FROM: unsetIfEmpty(z.string().min(3).max(200)),
  // The first staff admin, made at start-up when the database has no staff account at all
  // (a container has no terminal for `npm run staff -- add NAME --admin`). Set both or neither.
  STAFF_FIRST_ADMIN: unsetIfEmpty(z.string().max(100)),
  STAFF_FIRST_ADMIN_PASSWORD: unsetIfEmpty(z.string().max(200)),
  // Other origins whose pages may call the JSON API under /api (comma-separated, e.g.
  // https://app.example,https://admin.example); every other cross-origin call is refused.
  API_ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url().transform((u) => new URL(u).origin))),

  // The beamkins' chat brain: an OpenAI-compatible chat API (a local model server works
  // too) when the base URL and model are set; the built-in scripted brain otherwise.
  OPENAI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  OPENAI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  OPENAI_MODEL: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
})
  .refine((config) => (config.STAFF_FIRST_ADMIN === undefined) === (config.STAFF_FIRST_ADMIN_PASSWORD === undefined), {
    path: ["STAFF_FIRST_ADMIN"],
    message: "STAFF_FIRST_ADMIN and STAFF_FIRST_ADMIN_PASSWORD are set together, or not at all",
  })
  .transform((config) => ({ ...config, SEED_DEMO: config.SEED_DEMO ?? !config.GLOW_CONTAINER }));

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      // One line, like every other refusal to start ("Glow cannot start: …", server.js).
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      throw new ConfigurationError(`the environment is not valid (${problems.join("; ")}).`);
    }
    cached = parsed.data;
  }
  return cached;
}

export const isProduction = () => env().NODE_ENV === "production";

/** Stops the server from starting with a configuration that cannot work where it runs. */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}

/**
 * What the container needs before it starts: behind its proxy, the address it listens on
 * (0.0.0.0) names no site, so texted codes need PUBLIC_ORIGIN (docs/decisions/0503).
 */
export function checkContainerConfiguration(config: Env) {
  if (config.GLOW_CONTAINER && !config.PUBLIC_ORIGIN) {
    throw new ConfigurationError(
      "PUBLIC_ORIGIN is not set. In the container Glow needs the public address members use, " +
        "e.g. PUBLIC_ORIGIN=https://glow.example: texted sign-in codes name that site, and no other.",
    );
  }
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
