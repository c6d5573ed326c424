import { z } from "zod";
import { checkTrustedList, type TrustedProxies } from "./security/client-address";

/**
 * Kassa's configuration, read from environment variables. Every variable has a
 * default that runs against the built-in sandbox; the pure parser lives here so
 * that unit tests can feed it any environment without the server-only guard.
 */
export const SANDBOX_API_KEY = "kassa-sandbox-key";
/** Published in this repository: good for the sandbox only, refused anywhere else. */
export const DEV_AUTH_SECRET = "kassa-sandbox-only-secret-change-me-in-production";
const DEFAULT_UPSTREAM_URL = "http://127.0.0.1:4010/api";

/** Levels of KASSA_LOG_LEVEL (pino's), least to most verbose; `silent` logs nothing. */
export const LOG_LEVELS = ["silent", "fatal", "error", "warn", "info", "debug", "trace"] as const;

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z
  .object({
    // No default: the sandbox is chosen only for the built-in sandbox (see sandboxOrNot).
    KASSA_UPSTREAM_ENV: z.enum(["sandbox", "test", "live"]).optional(),
    KASSA_UPSTREAM_URL: z.url().default(DEFAULT_UPSTREAM_URL),
    KASSA_API_KEY: z.string().min(8).optional(),
    KASSA_MERCHANT_ID: z.string().min(1).optional(),
    KASSA_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
    /** Consecutive unavailable/timeout answers that pause sales (the circuit breaker opens). */
    KASSA_UPSTREAM_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    /** How long the breaker stays open before one probe call may try the core service again. */
    KASSA_UPSTREAM_BREAKER_PROBE_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    KASSA_PUBLIC_URL: z.url().default("http://localhost:3000"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    KASSA_DATA_DIR: z.string().min(1).default(".data/kassa"),
    NEXTAUTH_SECRET: z.string().min(32).optional(),
    NEXTAUTH_URL: z.url().optional(),
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
    /** Where the embedded journal's daily backups go; default: `backups` beside the data folder. */
    KASSA_BACKUP_DIR: z.string().min(1).optional(),
    /** How many daily backups are kept (older ones are deleted); 0: Kassa makes none itself. */
    KASSA_BACKUP_KEEP: z.coerce.number().int().min(0).max(10_000).default(14),
    /** The "minute" of the card follower's schedule (its hour is 60 of them); shorter only in tests. */
    KASSA_CARD_FOLLOW_MINUTE_MS: z.coerce.number().int().min(200).max(600_000).default(60_000),
    /** `npm run bench`'s build and server only: /bench and its empty action answer (sandbox only). */
    KASSA_BENCH_BUILD: z
      .literal("1", { message: "is 1 for npm run bench's build, else unset" })
      .optional(),
    /**
     * Proxies in front of Kassa whose X-Forwarded-For is believed: how many hops (1-10), or
     * their addresses and CIDR ranges, comma-separated. Unset: none, the socket's address counts.
     */
    KASSA_TRUSTED_PROXIES: z
      .string()
      .trim()
      .transform((value, ctx): TrustedProxies => {
        if (/^\d+$/.test(value)) {
          const hops = Number(value);
          if (hops > 10) ctx.addIssue({ code: "custom", message: "a hop count is 0 to 10" });
          return { hops };
        }
        const list = value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean);
        try {
          checkTrustedList(list);
        } catch (error) {
          ctx.addIssue({
            code: "custom",
            message: `must be a hop count or a comma-separated list of IP addresses and CIDR ranges (${error instanceof Error ? error.message : "not readable"})`,
          });
        }
        return { list };
      })
      .optional(),
    /** A kiosk's session ends after this long without a touch (2 minutes; longer only for test runs). */
    /** How much the server logs (one JSON line per event on stdout). */
    KASSA_LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    /** Bearer token that reads /api/metrics; unset, only a loopback client may read it. */
    KASSA_METRICS_TOKEN: z.string().min(16).optional(),
    KASSA_KIOSK_IDLE_SECONDS: z.coerce
      .number()
      .int()
      .min(30)
      .max(24 * 3600)
      .default(120),
  })
  .superRefine((env, ctx) => {
    const mode = upstreamModeOf(env);
    const builtIn = isBuiltInSandbox(env.KASSA_UPSTREAM_URL, env.KASSA_API_KEY);
    if (mode === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["KASSA_UPSTREAM_ENV"],
        message:
          "must be set to test or live: KASSA_UPSTREAM_URL/KASSA_API_KEY are not the built-in sandbox (a loopback address and the sandbox key), and Kassa never guesses sandbox for a real core service",
      });
      return;
    }
    if (mode === "sandbox") {
      if (!builtIn) {
        ctx.addIssue({
          code: "custom",
          path: ["KASSA_UPSTREAM_ENV"],
          message:
            "sandbox works only with the built-in sandbox (a loopback KASSA_UPSTREAM_URL and the sandbox key); set test or live for a real core service",
        });
      }
      return;
    }
    if (env.KASSA_BENCH_BUILD) {
      ctx.addIssue({
        code: "custom",
        path: ["KASSA_BENCH_BUILD"],
        message: "is for npm run bench against the sandbox only",
      });
    }
    if (!env.KASSA_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["KASSA_API_KEY"],
        message: "is required outside the sandbox",
      });
    } else if (env.KASSA_API_KEY === SANDBOX_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["KASSA_API_KEY"],
        message: "is the sandbox key, which is published: use the key the core service gave you",
      });
    }
    const secret = env.NEXTAUTH_SECRET;
    if (!secret) {
      ctx.addIssue({
        code: "custom",
        path: ["NEXTAUTH_SECRET"],
        message: "is required outside the sandbox",
      });
    } else if (secret === DEV_AUTH_SECRET || isWeakSecret(secret)) {
      ctx.addIssue({
        code: "custom",
        path: ["NEXTAUTH_SECRET"],
        message:
          "is published or guessable: outside the sandbox use a long random secret (for example `openssl rand -base64 48`)",
      });
    }
    if (env.KASSA_SEED_DEMO === true) {
      ctx.addIssue({
        code: "custom",
        path: ["KASSA_SEED_DEMO"],
        message: "must not be true outside the sandbox (the demo users' passwords are published)",
      });
    }
    if (new URL(env.KASSA_PUBLIC_URL).protocol !== "https:") {
      ctx.addIssue({
        code: "custom",
        path: ["KASSA_PUBLIC_URL"],
        message: `must be an https address when KASSA_UPSTREAM_ENV=${mode}`,
      });
    }
    if (!env.NEXTAUTH_URL || new URL(env.NEXTAUTH_URL).protocol !== "https:") {
      ctx.addIssue({
        code: "custom",
        path: ["NEXTAUTH_URL"],
        message: `must be set to an https address when KASSA_UPSTREAM_ENV=${mode}`,
      });
    }
    if (mode === "live") {
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

type RawEnv = {
  KASSA_UPSTREAM_ENV?: "sandbox" | "test" | "live";
  KASSA_UPSTREAM_URL: string;
  KASSA_API_KEY?: string;
};

/** The mode asked for, or sandbox when nothing but the built-in sandbox is configured; undefined otherwise. */
function upstreamModeOf(env: RawEnv): "sandbox" | "test" | "live" | undefined {
  if (env.KASSA_UPSTREAM_ENV) return env.KASSA_UPSTREAM_ENV;
  return isBuiltInSandbox(env.KASSA_UPSTREAM_URL, env.KASSA_API_KEY) ? "sandbox" : undefined;
}

/** The built-in sandbox: a loopback address and no key or the sandbox's own key. */
function isBuiltInSandbox(upstreamUrl: string, apiKey: string | undefined): boolean {
  let host: string;
  try {
    host = new URL(upstreamUrl).hostname;
  } catch {
    return false;
  }
  const loopback = host === "localhost" || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "[::1]";
  return loopback && (apiKey === undefined || apiKey === SANDBOX_API_KEY);
}

/** A secret anyone could guess: one character repeated, or very few distinct characters. */
function isWeakSecret(secret: string): boolean {
  return new Set(secret).size < 8;
}

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
  const upstreamEnv = upstreamModeOf(env)!;
  const sandbox = upstreamEnv === "sandbox";
  const publicUrl = env.KASSA_PUBLIC_URL.replace(/\/+$/, "");
  return {
    upstreamEnv,
    upstreamUrl: env.KASSA_UPSTREAM_URL.replace(/\/+$/, ""),
    apiKey: env.KASSA_API_KEY ?? SANDBOX_API_KEY,
    merchantId: env.KASSA_MERCHANT_ID ?? (upstreamEnv === "live" ? "" : "staging"),
    upstreamTimeoutMs: env.KASSA_UPSTREAM_TIMEOUT_MS,
    breakerFailures: env.KASSA_UPSTREAM_BREAKER_FAILURES,
    breakerProbeMs: env.KASSA_UPSTREAM_BREAKER_PROBE_MS,
    cardFollowMinuteMs: env.KASSA_CARD_FOLLOW_MINUTE_MS,
    publicUrl,
    /** Behind TLS: HSTS on every answer and Secure cookies. */
    https: publicUrl.startsWith("https://") || Boolean(env.NEXTAUTH_URL?.startsWith("https://")),
    databaseUrl: env.DATABASE_URL,
    dataDir: env.KASSA_DATA_DIR,
    authSecret: env.NEXTAUTH_SECRET ?? DEV_AUTH_SECRET,
    seedDemo: env.KASSA_SEED_DEMO ?? sandbox,
    merchantName: env.KASSA_MERCHANT_NAME,
    vatNumber: env.KASSA_VAT_NUMBER,
    vatPercent: env.KASSA_VAT_PERCENT,
    lowBalanceCents: Math.round(env.KASSA_LOW_BALANCE_RANDS * 100),
    kioskIdleMs: env.KASSA_KIOSK_IDLE_SECONDS * 1000,
    duplicateWindowMs: env.KASSA_DUPLICATE_WINDOW_MINUTES * 60_000,
    spoolDir: env.KASSA_SPOOL_DIR ?? env.KASSA_DATA_DIR,
    logLevel: env.KASSA_LOG_LEVEL,
    metricsToken: env.KASSA_METRICS_TOKEN,
    /** Unset: `backups` beside the data folder (lib/backup/files.ts, backupFolder). */
    backupDir: env.KASSA_BACKUP_DIR,
    backupKeep: env.KASSA_BACKUP_KEEP,
    trustedProxies: env.KASSA_TRUSTED_PROXIES ?? { hops: 0 },
    /** The bench's diagnostics answer (a bench build served by `npm run bench`, against the sandbox). */
    bench: env.KASSA_BENCH_BUILD === "1" && sandbox,
  };
}
