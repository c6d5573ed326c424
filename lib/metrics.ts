import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * Kassa's Prometheus metrics (prom-client), read at GET /api/metrics. Counters and
 * histograms move where things happen (lib/upstream/http.ts, lib/sales/send.ts); the
 * gauges are set from the journal when scraped (lib/ops/status.ts).
 *
 * Labels are closed sets only (kind, method, status, operation, outcome): never a user
 * name, meter, account, key or token, which would also make a series per customer.
 */
interface Metrics {
  registry: Registry;
  salesSettled: Counter<"kind" | "method" | "status">;
  upstreamCalls: Counter<"operation" | "outcome">;
  upstreamSeconds: Histogram<"operation" | "outcome">;
  roundTripsPerSale: Histogram<"kind">;
  breakerState: Gauge<"state">;
  unknownSales: Gauge;
  paidNotDelivered: Gauge;
  spoolDepth: Gauge;
  journalRoundTrips: Gauge;
  lastCall?: UpstreamCallNote;
}

export interface UpstreamCallNote {
  operation: string;
  /** "ok", or the failure's kind: rejected, unavailable, timeout, malformed, paused (breaker open). */
  outcome: string;
  at: string;
  durationMs: number;
}

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    salesSettled: new Counter({
      name: "kassa_sales_settled_total",
      help: "Sales settled after their call to the core service, by kind, payment method and status.",
      labelNames: ["kind", "method", "status"],
      registers,
    }),
    upstreamCalls: new Counter({
      name: "kassa_upstream_calls_total",
      help: "Attempts at calling the core service, by operation and outcome.",
      labelNames: ["operation", "outcome"],
      registers,
    }),
    upstreamSeconds: new Histogram({
      name: "kassa_upstream_call_duration_seconds",
      help: "How long each attempt at calling the core service took, by operation and outcome.",
      labelNames: ["operation", "outcome"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 30],
      registers,
    }),
    roundTripsPerSale: new Histogram({
      name: "kassa_journal_round_trips_per_sale",
      help: "Journal round trips one counter or kiosk sale took, from its first read to its settlement.",
      labelNames: ["kind"],
      buckets: [1, 2, 3, 4, 5, 6, 8, 10, 15, 20],
      registers,
    }),
    breakerState: new Gauge({
      name: "kassa_upstream_breaker_state",
      help: "The core service's circuit breaker: 1 for the state it is in (closed, probing, open).",
      labelNames: ["state"],
      registers,
    }),
    unknownSales: new Gauge({
      name: "kassa_sales_unknown",
      help: "Unknown sales waiting for a supervisor (paid-not-delivered included).",
      registers,
    }),
    paidNotDelivered: new Gauge({
      name: "kassa_sales_paid_not_delivered",
      help: "Card sales paid but not delivered, waiting for a supervisor.",
      registers,
    }),
    spoolDepth: new Gauge({
      name: "kassa_spool_depth",
      help: "Answers waiting in the spool for the journal to take them in.",
      registers,
    }),
    journalRoundTrips: new Gauge({
      name: "kassa_journal_round_trips",
      help: "Journal round trips this process made since it started.",
      registers,
    }),
  };
}

// On globalThis: `next start` loads lib code more than once per process, and every copy
// must count into the one registry the scrape reads.
const globalForMetrics = globalThis as unknown as { kassaMetrics?: Metrics };

export function metrics(): Metrics {
  return (globalForMetrics.kassaMetrics ??= create());
}

/** One attempt at the core service: counted, timed, and kept as the last call for /api/health. */
export function noteUpstreamCall(operation: string, outcome: string, durationMs: number): void {
  const m = metrics();
  m.upstreamCalls.inc({ operation, outcome });
  m.upstreamSeconds.observe({ operation, outcome }, durationMs / 1000);
  m.lastCall = { operation, outcome, at: new Date().toISOString(), durationMs };
}

export function lastUpstreamCall(): UpstreamCallNote | null {
  return metrics().lastCall ?? null;
}
