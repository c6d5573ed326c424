import { z } from "zod";

/**
 * Kassa's configuration, read from environment variables. Every variable has a
 * default that runs against the built-in sandbox; the pure parser lives here so
 * that unit tests can feed it any environment without the server-only guard.
 */
export const SANDBOX_API_KEY = "kassa-sandbox-key";
const DEV_AUTH_SECRET = "kassa-sandbox-only-secret-change-me-in-production";

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z
  .object({
    KASSA_UPSTREAM_ENV: z.enum(["sandbox", "test", "live"]).default("sandbox"),
    KASSA_UPSTREAM_URL: z.url().default("http://127.0.0.1:4010/api"),
    KASSA_API_KEY: z.string().min(8).optional(),
    KASSA_MERCHANT_ID: z.string().min(1).optional(),
    KASSA_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
    KASSA_PUBLIC_URL: z.url().default("http://localhost:3000"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    KASSA_DATA_DIR: z.string().min(1).default(".data/kassa"),
    NEXTAUTH_SECRET: z.string().min(32).optional(),
    KASSA_SEED_DEMO: boolish.optional(),
    KASSA_MERCHANT_NAME: z.string().min(1).default("Kassa Demo Store"),
    KASSA_VAT_NUMBER: z
      .string()
      .regex(/^4\d{9}$/, "must be a 10-digit VAT number starting with 4")
      .default("4123456789"),
    KASSA_VAT_PERCENT: z.coerce.number().min(0).max(100).default(15),
    KASSA_LOW_BALANCE_RANDS: z.coerce.number().min(0).default(1000),
    /** The same thing for the same amount within this many minutes needs "Sell again" (0 turns the guard off). */
    KASSA_DUPLICATE_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(10),
    /** Where answers the journal could not take wait (append-only); default: the data folder. */
    KASSA_SPOOL_DIR: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.KASSA_UPSTREAM_ENV !== "sandbox" && !env.KASSA_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["KASSA_API_KEY"],
        message: "is required outside the sandbox",
      });
    }
    if (env.KASSA_UPSTREAM_ENV !== "sandbox" && !env.NEXTAUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["NEXTAUTH_SECRET"],
        message: "is required outside the sandbox",
      });
    }
    if (env.KASSA_UPSTREAM_ENV === "live") {
      const url = new URL(env.KASSA_UPSTREAM_URL);
      if (url.protocol !== "https:" || looksLikeTestHost(url.hostname)) {
        ctx.addIssue({
          code: "custom",
          path: ["KASSA_UPSTREAM_URL"],
          message:
            "must be the production https address when KASSA_UPSTREAM_ENV=live (a live key is never sent to a test host)",
        });
      }
    }
  });

/** Hosts that are never production: a live key must not reach them. */
export function looksLikeTestHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    /^127\./.test(hostname) ||
    hostname === "[::1]" ||
    /(^|[.-])(test|testing|staging|stage|sandbox|uat|dev)([.-]|$)/i.test(hostname)
  );
}

export type Env = ReturnType<typeof parseEnv>;

/** Automatic attempts of an idempotent purchase (lib/upstream/http.ts DEFAULT_MAX_ATTEMPTS). */
const PURCHASE_ATTEMPTS = 3;

/**
 * Longer than any upstream call with its retries can take: every attempt's timeout, the
 * back-off between them, and a margin. A sale pending longer than this was interrupted.
 */
export function longestCallMs(config: Pick<Env, "upstreamTimeoutMs">): number {
  return config.upstreamTimeoutMs * PURCHASE_ATTEMPTS + 30_000;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export function parseEnv(source: Record<string, string | undefined>) {
  // Treat empty strings as unset, as a shell `VAR=` usually means "use the default".
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Kassa cannot start: bad configuration\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const sandbox = env.KASSA_UPSTREAM_ENV === "sandbox";
  return {
    upstreamEnv: env.KASSA_UPSTREAM_ENV,
    upstreamUrl: env.KASSA_UPSTREAM_URL.replace(/\/+$/, ""),
    apiKey: env.KASSA_API_KEY ?? SANDBOX_API_KEY,
    merchantId: env.KASSA_MERCHANT_ID ?? (env.KASSA_UPSTREAM_ENV === "live" ? "" : "staging"),
    upstreamTimeoutMs: env.KASSA_UPSTREAM_TIMEOUT_MS,
    publicUrl: env.KASSA_PUBLIC_URL.replace(/\/+$/, ""),
    databaseUrl: env.DATABASE_URL,
    dataDir: env.KASSA_DATA_DIR,
    authSecret: env.NEXTAUTH_SECRET ?? DEV_AUTH_SECRET,
    seedDemo: env.KASSA_SEED_DEMO ?? sandbox,
    merchantName: env.KASSA_MERCHANT_NAME,
    vatNumber: env.KASSA_VAT_NUMBER,
    vatPercent: env.KASSA_VAT_PERCENT,
    lowBalanceCents: Math.round(env.KASSA_LOW_BALANCE_RANDS * 100),
    duplicateWindowMs: env.KASSA_DUPLICATE_WINDOW_MINUTES * 60_000,
    spoolDir: env.KASSA_SPOOL_DIR ?? env.KASSA_DATA_DIR,
  };
}
