import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { LOG_LEVELS } from "./env-schema";

// No server-only guard: instrumentation.ts (lib/startup.ts) and the scripts log through it too.

/**
 * Kassa's one logger (pino): one JSON line per event on stdout, with level, time, and the
 * request id, sale id and operation of the work it belongs to. In development the same
 * events are printed as readable lines (pino-pretty as an in-process stream, no worker).
 *
 * Never log a password, API key, session, token, PIN, card reference or ID number: log ids,
 * kinds, statuses and durations instead. The redact paths below are a second line of defence.
 */

/** Fields every line of one piece of work carries (scripts/serve.mjs opens one per request). */
export interface LogContext {
  requestId?: string;
  saleId?: string;
  operation?: string;
}

/** The scope scripts/serve.mjs opens for each request: the log fields. */
type RequestScope = LogContext;

// On globalThis: `next start` loads lib code in several bundles of one process, and
// scripts/serve.mjs (outside them all) opens the request scope and logs "ready" through it.
const globalForLog = globalThis as unknown as {
  kassaLog?: Logger;
  kassaLogScope?: AsyncLocalStorage<RequestScope>;
};
const scope = (globalForLog.kassaLogScope ??= new AsyncLocalStorage<RequestScope>());

const SECRET_KEYS = [
  "password",
  "apiKey",
  "api_key",
  "key",
  "token",
  "tokens",
  "pin",
  "pins",
  "idNumber",
  "id_number",
  "cardReference",
  "session",
  "cookie",
  "authorization",
  "secret",
  "result",
  "request",
  "rawAnswers",
  "body",
];

/** Those keys at the top of a line and one level down (pino's redact paths, fast-redact). */
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'headers["x-api-key"]',
  "headers.cookie",
  "headers.authorization",
];

/** A query's parameters (drizzle puts them in the message) hold tokens and PINs: cut them off. */
function withoutParams(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, "\nparams: [redacted]");
}

interface ErrorFields {
  type: string;
  message?: string;
  code?: string;
  stack?: string;
  cause?: ErrorFields;
}

/** An error as a log field: name, message, code and stack, its causes too; never a query's parameters. */
export function errorFields(error: unknown, depth = 0): ErrorFields {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: withoutParams(error.message),
    ...(typeof code === "string" ? { code } : {}),
    stack: withoutParams(error.stack),
    ...(error.cause !== undefined && depth < 3
      ? { cause: errorFields(error.cause, depth + 1) }
      : {}),
  };
}

function levelOf(value: string | undefined): (typeof LOG_LEVELS)[number] {
  // A bad value is reported by the configuration check at start; until then, info.
  return LOG_LEVELS.find((level) => level === value) ?? "info";
}

function createLogger(): Logger {
  const options: pino.LoggerOptions = {
    level: levelOf(process.env.KASSA_LOG_LEVEL),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: { err: errorFields },
    mixin: () => {
      const { requestId, saleId, operation } = scope.getStore() ?? {};
      return { requestId, saleId, operation };
    },
  };
  if (process.env.NODE_ENV === "development") {
    return pino(
      options,
      pretty({ sync: true, colorize: true, ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss" }),
    );
  }
  // Synchronous: a line written just before process.exit is never lost.
  return pino(options, pino.destination({ dest: 1, sync: true }));
}

/** The process's logger. */
export function log(): Logger {
  return (globalForLog.kassaLog ??= createLogger());
}

/** Runs `work` with `fields` on every line it (and everything it awaits) logs. */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return scope.run({ ...scope.getStore(), ...fields }, work);
}

/**
 * In production, what Next.js and libraries print with console.* becomes a JSON line of the
 * same log (an Error argument as an `err` field, without query parameters).
 */
export function routeConsoleToLog(): void {
  const levels = {
    debug: "debug",
    log: "info",
    info: "info",
    warn: "warn",
    error: "error",
  } as const;
  for (const [method, level] of Object.entries(levels)) {
    (console as unknown as Record<string, (...args: unknown[]) => void>)[method] = (...args) => {
      const err = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      const message = withoutParams(format(...rest)) ?? "";
      if (err) log()[level]({ err }, message || (err as Error).message);
      else log()[level](message);
    };
  }
}
