import { z } from "zod";
import { parseTradingHours, TRADING_HOURS_PATTERN } from "./exceptions/trading-hours";
import { parsePrinterPolicy } from "./printing/address";
import { checkTrustedList, type TrustedProxies } from "./security/client-address";

/**
 * Kassa's configuration, read from environment variables. Every variable has a
 * default that runs against the built-in sandbox; the pure parser lives here so
 * that unit tests can feed it any environment without the server-only guard.
 */
export const SANDBOX_API_KEY = "kassa-sandbox-key";
/** The sandbox SMS gateway's key (lib/sandbox/sms.ts): published, good for the sandbox only. */
export const SANDBOX_SMS_KEY = "kassa-sandbox-sms-key";
/** Published in this repository: good for the sandbox only, refused anywhere else. */
export const DEV_AUTH_SECRET = "kassa-sandbox-only-secret-change-me-in-production";
const DEFAULT_UPSTREAM_URL = "http://127.0.0.1:4010/api";

/** Levels of KASSA_LOG_LEVEL (pino's), least to most verbose; `silent` logs nothing. */
export const LOG_LEVELS = ["silent", "fatal", "error", "warn", "info", "debug", "trace"] as const;

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** Where a setting is read and what it is about: the sections of docs/settings.md. */
export const SETTING_GROUPS = {
  core: "The core service",
  server: "Kassa's address, sessions and journal",
  shop: "The shop, its tills and its sales",
  messages: "SMS, e-mail and the owner's mail",
  operations: "Logs, metrics and proxies",
  start: "`npm start` and the production server (read before Kassa's configuration)",
  tools: "Tests, the bench and the sandbox",
} as const;

export type SettingGroup = keyof typeof SETTING_GROUPS;

export interface Setting<S extends z.ZodType = z.ZodType> {
  /** The value as read: its validation, and its default when it has one of its own. */
  schema: S;
  group: SettingGroup;
  /** What it does, in Markdown (docs/settings.md; .env.example gets it as plain text). */
  about: string;
  /** The default in words, when it is not simply the schema's (derived, contextual) or unset. */
  shownDefault?: string;
}

function setting<S extends z.ZodType>(schema: S, doc: Omit<Setting<S>, "schema">): Setting<S> {
  return { schema, ...doc };
}

const port = z.coerce.number().int().min(0).max(65_535);

/**
 * Every environment variable Kassa reads, each once: its validation, default and meaning.
 * The server's configuration (parseEnv) validates all of them; docs/settings.md and
 * .env.example are made from this list (`npm run settings:docs`, checked by
 * tests/unit/settings-docs.test.ts, which also fails on a variable read and not listed).
 */
export const SETTINGS = {
  KASSA_UPSTREAM_ENV: setting(z.enum(["sandbox", "test", "live"]).optional(), {
    group: "core",
    // No default: the sandbox is chosen only for the built-in sandbox (upstreamModeOf).
    shownDefault: "`sandbox` only for the built-in sandbox",
    about:
      "`sandbox`, `test` or `live`; shown on every staff page. Unset, Kassa runs the sandbox only when the URL is a loopback address and the key is the sandbox's; any other URL without it stops the start.",
  }),
  KASSA_UPSTREAM_URL: setting(z.url().default(DEFAULT_UPSTREAM_URL), {
    group: "core",
    about: "Base address of the core service (ends in `/api`).",
  }),
  KASSA_API_KEY: setting(z.string().min(8).optional(), {
    group: "core",
    shownDefault: "the sandbox's key",
    about: "The merchant's API key; required outside the sandbox; server only.",
  }),
  KASSA_MERCHANT_ID: setting(z.string().min(1).optional(), {
    group: "core",
    shownDefault: "`staging` (sandbox and test)",
    about: "Merchant id for card orders; required for live.",
  }),
  KASSA_UPSTREAM_TIMEOUT_MS: setting(z.coerce.number().int().min(100).max(120_000).default(8000), {
    group: "core",
    about: "Timeout of every call to the core service (100 to 120000).",
  }),
  KASSA_UPSTREAM_BREAKER_FAILURES: setting(z.coerce.number().int().min(1).max(1000).default(5), {
    group: "core",
    about:
      "Consecutive unavailable or timed-out answers that pause sales (the circuit breaker opens).",
  }),
  KASSA_UPSTREAM_BREAKER_PROBE_MS: setting(
    z.coerce.number().int().min(100).max(600_000).default(30_000),
    {
      group: "core",
      about:
        "How long the breaker stays open before one probe call may try the core service again.",
    },
  ),
  KASSA_PUBLIC_URL: setting(z.url().default("http://localhost:3000"), {
    group: "server",
    shownDefault: "`http://localhost:$PORT` under `npm start`, else `http://localhost:3000`",
    about:
      "Kassa's own address, for the card checkout's return links and the slips' check codes; https for test and live.",
  }),
  NEXTAUTH_SECRET: setting(z.string().min(32).optional(), {
    group: "server",
    shownDefault: "a published value, for the sandbox only",
    about:
      "Session signing secret (32+ characters); required outside the sandbox, where the published value and guessable ones (few distinct characters) are refused.",
  }),
  NEXTAUTH_URL: setting(z.url().optional(), {
    group: "server",
    shownDefault: "`KASSA_PUBLIC_URL` under `npm start` with the sandbox, else unset",
    about:
      "Kassa's public address for next-auth; required and https for test and live. An https address turns on HSTS and Secure cookies.",
  }),
  DATABASE_URL: setting(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    {
      group: "server",
      about: "`postgresql://…`: use PostgreSQL instead of the embedded database.",
    },
  ),
  KASSA_DATA_DIR: setting(z.string().min(1).default(".data/kassa"), {
    group: "server",
    about: "Folder of the embedded database (one process at a time).",
  }),
  KASSA_SPOOL_DIR: setting(z.string().min(1).optional(), {
    group: "server",
    shownDefault: "the data folder",
    about:
      "Where answers of the core service wait, append-only, when the journal could not take them.",
  }),
  KASSA_BACKUP_DIR: setting(z.string().min(1).optional(), {
    group: "server",
    shownDefault: "`backups` beside the data folder (`.data/backups`)",
    about:
      "Where the embedded journal's daily backup (and `npm run backup`) writes its dated files; must exist when set; see [backup.md](backup.md).",
  }),
  KASSA_BACKUP_KEEP: setting(z.coerce.number().int().min(0).max(10_000).default(14), {
    group: "server",
    about:
      "Daily backups kept in `KASSA_BACKUP_DIR` (older ones are deleted); `0`: Kassa makes none itself.",
  }),
  KASSA_CHECKPOINT_DIR: setting(z.string().min(1).optional(), {
    group: "server",
    shownDefault: "`checkpoints` beside the data folder (`.data/checkpoints`)",
    about:
      "Where the signed checkpoints of the record (each Z report, each business day) are written, one JSON file each: a second disk or a share, never the journal's own; must exist when set; see [record.md](record.md).",
  }),
  KASSA_CHECKPOINT_URL: setting(z.url().optional(), {
    group: "server",
    about:
      "An address each signed checkpoint is also POSTed to (JSON), e.g. the owner's own server; a failed POST is tried again every second.",
  }),
  KASSA_SEED_DEMO: setting(boolish.optional(), {
    group: "server",
    shownDefault: "`true` with the sandbox",
    about: "Create the demo users (README); refused outside the sandbox.",
  }),
  KASSA_MERCHANT_NAME: setting(z.string().min(1).default("Kassa Demo Store"), {
    group: "shop",
    about: "Printed on slips.",
  }),
  KASSA_VAT_NUMBER: setting(
    z
      .string()
      .regex(/^4\d{9}$/, "must be a 10-digit VAT number starting with 4")
      .default("4123456789"),
    { group: "shop", about: "Printed on slips." },
  ),
  KASSA_VAT_PERCENT: setting(z.coerce.number().min(0).max(100).default(15), {
    group: "shop",
    about: "VAT rate for card order lines and slips.",
  }),
  KASSA_LOW_BALANCE_RANDS: setting(z.coerce.number().min(0).default(1000), {
    group: "shop",
    about: "Merchant balance below which cashiers and supervisors are warned.",
  }),
  KASSA_RUNWAY_WARN_HOURS: setting(
    z.coerce
      .number()
      .min(0)
      .max(24 * 14)
      .default(12),
    {
      group: "shop",
      about:
        "The till and the office warn when the float's forecast runway is shorter than this many hours (`0`: never); a supervisor can change it on the balance page ([owner.md](owner.md)).",
    },
  ),
  KASSA_DUPLICATE_WINDOW_MINUTES: setting(
    z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(10),
    {
      group: "shop",
      about:
        'The same thing for the same amount within this many minutes, at this till or by this cashier, asks "Sell again" first (`0` turns the guard off).',
    },
  ),
  KASSA_KIOSK_IDLE_SECONDS: setting(z.coerce.number().int().min(30).max(3600).default(60), {
    group: "shop",
    about:
      'After this long without a touch (30 to 3600) the kiosk clears its screen for the next customer: its start screen, in English ("Still there?" for the last 15 s). The kiosk stays signed in.',
  }),
  KASSA_VAS_REFRESH_SECONDS: setting(z.coerce.number().int().min(0).max(3600).default(60), {
    group: "shop",
    about:
      'A VAS catalogue "Refresh" goes past the server\'s cache only for a list older than this, however often it is pressed.',
  }),
  KASSA_PRINTER_HOSTS: setting(z.string().trim().optional(), {
    group: "shop",
    shownDefault: "`10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7`",
    about:
      "Addresses and CIDR ranges a till's network printer may have (the Kassa server connects there): never loopback or link-local unless listed; a one-PC shop with a printer bridge on the PC sets `127.0.0.1/32` ([printing.md](printing.md)).",
  }),
  KASSA_PRINTER_PORTS: setting(z.string().trim().optional(), {
    group: "shop",
    shownDefault: "`9100-9102`",
    about: "Ports a network printer may listen on: ports and ranges, comma-separated.",
  }),
  KASSA_SMS_URL: setting(z.url().optional(), {
    group: "messages",
    shownDefault: "with the sandbox: its SMS gateway (`<sandbox>/sms`); else unset (no SMS)",
    about:
      "The SMS gateway's base address; Kassa posts to `<url>/v1/message` in the shape of Clickatell's One API ([customer-care.md](customer-care.md)).",
  }),
  KASSA_SMS_KEY: setting(z.string().min(8).optional(), {
    group: "messages",
    shownDefault: "the sandbox gateway's key, with the sandbox",
    about:
      "The SMS gateway's API key (the `Authorization` header); required with `KASSA_SMS_URL` outside the sandbox; server only.",
  }),
  KASSA_SMTP_URL: setting(
    z
      .string()
      .regex(/^smtps?:\/\/[^/]+/, "must be smtp://[user:password@]host[:port] or smtps://…")
      .optional(),
    {
      group: "messages",
      shownDefault: "unset (no e-mail)",
      about:
        "The mail server, `smtp://user:password@host:587` (`smtps://` for TLS from the start): tokens and PINs sent to a customer's inbox, the owner's mail.",
    },
  ),
  KASSA_MAIL_FROM: setting(z.string().min(3).optional(), {
    group: "messages",
    shownDefault: "`Kassa <kassa@HOST>`, HOST from `KASSA_PUBLIC_URL`",
    about: "The sender of Kassa's e-mails.",
  }),
  KASSA_OWNER_EMAIL: setting(
    z
      .string()
      .refine(
        (v) => v.split(",").every((a) => z.email().safeParse(a.trim()).success),
        "must be an e-mail address or several, comma-separated",
      )
      .optional(),
    {
      group: "messages",
      shownDefault: "unset (no summary or alert)",
      about: "Where the daily summary and the alerts go; one address or several, comma-separated.",
    },
  ),
  KASSA_SUMMARY_TIME: setting(
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day such as 18:00")
      .default("18:00"),
    {
      group: "messages",
      about:
        "When the owner's daily summary is sent, South African time (HH:MM); sent later the same day if Kassa was down then.",
    },
  ),
  KASSA_TRADING_HOURS: setting(
    z
      .string()
      .trim()
      .regex(TRADING_HOURS_PATTERN, "must be opening and closing times such as 07:00-19:00")
      .optional(),
    {
      group: "messages",
      shownDefault: "unset (not checked)",
      about:
        'The shop\'s trading hours, South African time ("07:00-19:00"; "18:00-02:00" runs across midnight): a sign-in outside them is an exception for the owner (`/exceptions`).',
    },
  ),
  KASSA_ALERT_VARIANCE_RANDS: setting(z.coerce.number().min(0).default(50), {
    group: "messages",
    about:
      "A shift closed with its cash over or short by more than this is an alert to the owner and an exception on `/exceptions`.",
  }),
  KASSA_ALERT_UNRESOLVED_MINUTES: setting(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(30),
    {
      group: "messages",
      about: "A sale not confirmed for longer than this is an alert to the owner.",
    },
  ),
  KASSA_LOG_LEVEL: setting(z.enum(LOG_LEVELS).default("info"), {
    group: "operations",
    about:
      "`silent`, `fatal`, `error`, `warn`, `info`, `debug` or `trace`: how much the server logs (one JSON line per event on stdout; readable lines under `npm run dev`).",
  }),
  KASSA_METRICS_TOKEN: setting(z.string().min(16).optional(), {
    group: "operations",
    about:
      "Bearer token (16+ characters) that reads `/api/metrics` and the detail of `/api/health`; unset, only a client on the same machine that no proxy speaks for (Kassa's own server, no forwarding header, no `KASSA_TRUSTED_PROXIES`) may read them ([operations.md](operations.md)).",
  }),
  KASSA_TRUSTED_PROXIES: setting(
    z
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
    {
      group: "operations",
      shownDefault: "unset (none)",
      about:
        "Proxies in front of Kassa whose `X-Forwarded-For` is believed for the per-address limits: a hop count (`1` for one nginx or Caddy, at most 10) or their addresses and CIDR ranges (`10.0.0.5, 10.1.0.0/16`); unset, the socket's own address counts. Set, the metrics need `KASSA_METRICS_TOKEN` ([deploy-proxy.md](deploy-proxy.md)).",
    },
  ),
  PORT: setting(port.default(3000), {
    group: "start",
    about: "Port of `npm run dev` and `npm start`.",
  }),
  HOSTNAME: setting(z.string().min(1).optional(), {
    group: "start",
    shownDefault: "`127.0.0.1` under `npm start` with the sandbox, else every address",
    about:
      "The address `npm start` / `scripts/serve.mjs` listens on (`0.0.0.0`: every address); the ready line prints the real one.",
  }),
  SANDBOX_PORT: setting(port.default(4010), {
    group: "start",
    about:
      "Port of the sandbox (`npm run sandbox`, and the one `npm start` starts, which then sets `KASSA_UPSTREAM_URL` to it).",
  }),
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: setting(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "must be base64 (openssl rand -base64 32)")
      .optional(),
    {
      group: "start",
      shownDefault: "made once by `npm start` into `<folder of KASSA_DATA_DIR>/action-key`",
      about:
        "Base64 of 32 random bytes; names the server actions of every build, so open tills survive an upgrade: set it for `next build` and every server of a chain ([deploy.md](deploy.md)).",
    },
  ),
  NEXT_DEPLOYMENT_ID: setting(z.string().min(1).optional(), {
    group: "start",
    shownDefault: "a new one per `npm start` build",
    about:
      "The release's name, the same for its build and servers: a page of an earlier release reloads whole.",
  }),
  NEXT_DIST_DIR: setting(z.string().min(1).default(".next"), {
    group: "start",
    about:
      "The build's folder, for `next build`, `npm start` and the server alike (a second build beside the first, as the bench's).",
  }),
  KASSA_BENCH_BUILD: setting(
    z.literal("1", { message: "is 1 for npm run bench's build, else unset" }).optional(),
    {
      group: "tools",
      about:
        "`1` for `npm run bench`'s build and server only: `/bench` and its empty action exist and answer (with the sandbox only; `npm start` refuses it).",
    },
  ),
  KASSA_JOURNAL_TEMPLATE_DIR: setting(z.string().min(1).optional(), {
    group: "tools",
    shownDefault: "unset; `.data/journal-template` in `npm test`",
    about:
      "Test runs only: a new embedded journal is a copy of one migrated empty journal kept here (one per set of migrations) instead of being made anew; read by `lib/db/open.ts`.",
  }),
  KASSA_CARD_FOLLOW_MINUTE_MS: setting(
    z.coerce.number().int().min(200).max(600_000).default(60_000),
    {
      group: "tools",
      about:
        'The "minute" of the card follower\'s schedule (its hour is 60 of them); shorter only in tests.',
    },
  ),
  SANDBOX_LOG: setting(z.string().optional(), {
    group: "tools",
    about: "`1`: the sandbox logs each request it answers.",
  }),
  CHROMIUM_PATH: setting(z.string().min(1).optional(), {
    group: "tools",
    shownDefault: "the system's Chromium, else Playwright's",
    about: "The Chromium that `npm test`, the bench and the soak drive.",
  }),
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: setting(z.string().optional(), {
    group: "tools",
    about:
      "`1`: `npm test` never installs a Chromium of its own when none is found (it names the command instead).",
  }),
} satisfies Record<string, Setting>;

type SettingSchemas = { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K]["schema"] };

const envSchema = z
  .object(
    Object.fromEntries(
      Object.entries(SETTINGS).map(([name, s]) => [name, s.schema]),
    ) as SettingSchemas,
  )
  .superRefine((env, ctx) => {
    try {
      parsePrinterPolicy(env.KASSA_PRINTER_HOSTS, env.KASSA_PRINTER_PORTS);
    } catch (error) {
      const message = error instanceof Error ? error.message : "not readable";
      const ports = /port/.test(message);
      ctx.addIssue({
        code: "custom",
        path: [ports ? "KASSA_PRINTER_PORTS" : "KASSA_PRINTER_HOSTS"],
        message: ports
          ? `must be ports and port ranges, comma-separated (${message})`
          : `must be IP addresses and CIDR ranges, comma-separated (${message})`,
      });
    }
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
    if (env.KASSA_SMS_URL && !env.KASSA_SMS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["KASSA_SMS_KEY"],
        message: "is required with KASSA_SMS_URL outside the sandbox",
      });
    } else if (env.KASSA_SMS_KEY === SANDBOX_SMS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["KASSA_SMS_KEY"],
        message: "is the sandbox gateway's key, which is published: use your gateway's key",
      });
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

function smsGatewayOf(
  env: { KASSA_SMS_URL?: string; KASSA_SMS_KEY?: string; KASSA_UPSTREAM_URL: string },
  sandbox: boolean,
): { url: string; key: string } | null {
  if (env.KASSA_SMS_URL)
    return {
      url: env.KASSA_SMS_URL.replace(/\/+$/, ""),
      key: env.KASSA_SMS_KEY ?? SANDBOX_SMS_KEY,
    };
  if (!sandbox) return null;
  return {
    url: `${new URL(env.KASSA_UPSTREAM_URL).origin}/sms`,
    key: env.KASSA_SMS_KEY ?? SANDBOX_SMS_KEY,
  };
}

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
    runwayWarnHours: env.KASSA_RUNWAY_WARN_HOURS,
    summaryTime: env.KASSA_SUMMARY_TIME,
    alertVarianceCents: Math.round(env.KASSA_ALERT_VARIANCE_RANDS * 100),
    /** Null: sign-ins are not checked against trading hours. */
    tradingHours: env.KASSA_TRADING_HOURS ? parseTradingHours(env.KASSA_TRADING_HOURS) : null,
    alertUnresolvedMs: env.KASSA_ALERT_UNRESOLVED_MINUTES * 60_000,
    smtpUrl: env.KASSA_SMTP_URL,
    mailFrom: env.KASSA_MAIL_FROM ?? `Kassa <kassa@${new URL(publicUrl).hostname}>`,
    ownerEmail: env.KASSA_OWNER_EMAIL?.split(",").map((address) => address.trim()),
    /** Unset: `backups` beside the data folder (lib/backup/files.ts, backupFolder). */
    backupDir: env.KASSA_BACKUP_DIR,
    backupKeep: env.KASSA_BACKUP_KEEP,
    /** Unset: `checkpoints` beside the data folder (lib/record/export.ts, checkpointFolder). */
    checkpointDir: env.KASSA_CHECKPOINT_DIR,
    checkpointUrl: env.KASSA_CHECKPOINT_URL,
    trustedProxies: env.KASSA_TRUSTED_PROXIES ?? { hops: 0 },
    vasRefreshMinAgeMs: env.KASSA_VAS_REFRESH_SECONDS * 1000,
    /** Where network printers may be: KASSA_PRINTER_HOSTS and KASSA_PRINTER_PORTS. */
    printerPolicy: parsePrinterPolicy(env.KASSA_PRINTER_HOSTS, env.KASSA_PRINTER_PORTS),
    /**
     * The SMS gateway: KASSA_SMS_URL, or with the sandbox the sandbox's own gateway beside its
     * core service; null (outside the sandbox, unset): Kassa sends no SMS and says so.
     */
    sms: smsGatewayOf(env, sandbox),
    /** The bench's diagnostics answer (a bench build served by `npm run bench`, against the sandbox). */
    bench: env.KASSA_BENCH_BUILD === "1" && sandbox,
  };
}
