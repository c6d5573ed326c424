// PostgreSQL's "cannot connect now / shutting down / not accepting connections" and socket failures.
const DATABASE_DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "55000",
  "53300",
  "08000",
  "08001",
  "08003",
  "08006",
]);

/** The journal database is unreachable (the error, or a cause it wraps, says so). */
export function isDatabaseDown(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && DATABASE_DOWN_CODES.has(code)) return true;
    if (
      e instanceof Error &&
      /Connection terminated|not currently accepting connections|timeout exceeded when trying to connect/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}
