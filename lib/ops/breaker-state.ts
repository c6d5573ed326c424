/**
 * The core service's circuit breaker as the staff bar's badge and /api/health say it. Kept by
 * lib/upstream/breaker.ts; here, with no imports, so client components can name it.
 */
export type BreakerState = "closed" | "open" | "probing";
