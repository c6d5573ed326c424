import "server-only";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { lastBackup, type LastBackup } from "@/lib/backup/server";
import { db } from "@/lib/db";
import { journalCounts } from "@/lib/db/round-trips";
import { cardOrders, sales } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { isStopping } from "@/lib/lifecycle";
import { lastUpstreamCall, metrics, type UpstreamCallNote } from "@/lib/metrics";
import { readiness, startReadiness } from "@/lib/ops/readiness";
import { paidNotDeliveredSql } from "@/lib/sales/card";
import { spoolDepth } from "@/lib/sales/spool";
import { breakerState } from "@/lib/upstream";
import type { BreakerState } from "./breaker-state";

/**
 * What GET /api/health answers the operator (the metrics' reader): cheap enough for a monitor
 * every few seconds (no upstream call; readiness from the background probe, the counts and
 * spool depth at most every few seconds), with nothing secret or personal in it, no path of
 * the PC included. Anyone else is told only whether Kassa is ready (`isReady`). GET
 * /api/metrics sets its gauges from the same.
 */
export interface Health {
  /** Ready: the journal answers within a second, its migrations are at head, Kassa is not stopping. */
  ready: boolean;
  stopping: boolean;
  journal: {
    kind: "pglite" | "postgresql";
    reachable: boolean;
    latencyMs: number | null;
    migrationsAtHead: boolean;
  };
  coreService: { breaker: BreakerState; lastCall: UpstreamCallNote | null };
  spool: { depth: number };
  /** Unknown sales waiting for a supervisor (paid-not-delivered included); null when the journal cannot say. */
  sales: { unknown: number | null; paidNotDelivered: number | null };
  /** The embedded journal's last backup (daily or asked for), whether it failed; null: none yet, or PostgreSQL. */
  backup: LastBackup | null;
  build: { id: string; version: string };
  uptimeSeconds: number;
}

/** The journal must answer a query within this long for a probe to count as good. */
const JOURNAL_DEADLINE_MS = 1_000;
/** Counts and spool depth are read at most this often, however often health is asked. */
const COUNTS_TTL_MS = 5_000;

interface Counts {
  at: number;
  unknown: number | null;
  paidNotDelivered: number | null;
  spool: number;
}

// On globalThis: the route handlers of health and metrics may live in different bundles.
const globalForHealth = globalThis as unknown as {
  kassaHealth?: {
    counts?: Counts;
    migrationsAtHead?: boolean;
    build?: Health["build"];
  };
};
const state = (globalForHealth.kassaHealth ??= {});

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The newest migration this build ships (drizzle-kit's journal of lib/db/migrations). */
function headMigrationAt(): number {
  const file = path.join(process.cwd(), "lib/db/migrations/meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(file, "utf8")) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

async function migrationsAtHead(): Promise<boolean> {
  // Once at head, always at head for this process: migrations only ever move forward.
  if (state.migrationsAtHead) return true;
  const database = await db();
  const result = (await database.execute(
    sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { at: string | number | null }[] };
  const at = Number(result.rows[0]?.at ?? 0);
  state.migrationsAtHead = at >= headMigrationAt();
  return state.migrationsAtHead;
}

type JournalProbe = Omit<Health["journal"], "kind"> & { ok: boolean };

/**
 * One background probe of the journal (lib/ops/readiness.ts runs it once a second): a
 * `select 1` and the migrations, each within the deadline. Never throws.
 */
async function probeJournal(): Promise<JournalProbe> {
  const started = performance.now();
  let latencyMs: number;
  try {
    const database = await withDeadline(db(), JOURNAL_DEADLINE_MS);
    await withDeadline(database.execute(sql`select 1`), JOURNAL_DEADLINE_MS);
    latencyMs = Math.round(performance.now() - started);
  } catch {
    return { ok: false, reachable: false, latencyMs: null, migrationsAtHead: false };
  }
  let atHead = false;
  try {
    atHead = await withDeadline(migrationsAtHead(), JOURNAL_DEADLINE_MS);
  } catch {
    atHead = false;
  }
  return { ok: atHead, reachable: true, latencyMs, migrationsAtHead: atHead };
}

/**
 * Starts readiness's background probe once the start-up has opened and migrated the journal
 * (lib/background.ts): ready from then on until probes in a row say otherwise.
 */
export function watchReadiness(): void {
  startReadiness(probeJournal, {
    ok: true,
    reachable: true,
    latencyMs: null,
    migrationsAtHead: true,
  });
}

/** Ready: the background probes say the journal answers at head, and Kassa is not stopping. */
export async function isReady(): Promise<boolean> {
  return (await readiness(probeJournal)).ready && !isStopping();
}

async function readCounts(): Promise<Counts> {
  const cached = state.counts;
  if (cached && Date.now() - cached.at < COUNTS_TTL_MS) return cached;
  let unknown: number | null = null;
  let paidNotDelivered: number | null = null;
  try {
    const database = await db();
    const [row] = await withDeadline(
      database
        .select({
          unknown: sql<number>`count(*)::int`,
          paidNotDelivered: sql<number>`(count(*) filter (where ${paidNotDeliveredSql}))::int`,
        })
        .from(sales)
        .leftJoin(cardOrders, eq(cardOrders.saleId, sales.id))
        .where(eq(sales.status, "unknown")),
      JOURNAL_DEADLINE_MS,
    );
    unknown = row?.unknown ?? 0;
    paidNotDelivered = row?.paidNotDelivered ?? 0;
  } catch {
    // The journal cannot say: null, and asked again next time.
  }
  let spool = 0;
  try {
    spool = spoolDepth(env().spoolDir);
  } catch {
    spool = 0;
  }
  const counts = { at: Date.now(), unknown, paidNotDelivered, spool };
  if (unknown !== null) state.counts = counts;
  return counts;
}

/** The running build: the configured deployment id, or Next.js's BUILD_ID of this build. */
function build(): Health["build"] {
  if (state.build) return state.build;
  const read = (file: string) => {
    try {
      // Files of the running build, read once: not something for the build to trace.
      return fs
        .readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), file), "utf8")
        .trim();
    } catch {
      return "";
    }
  };
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const id = process.env.NEXT_DEPLOYMENT_ID || read(path.join(distDir, "BUILD_ID")) || "unknown";
  let version = "unknown";
  try {
    version = (JSON.parse(read("package.json")) as { version?: string }).version ?? version;
  } catch {
    // No package.json beside the server: the version stays unknown.
  }
  state.build = { id, version };
  return state.build;
}

export async function health(): Promise<Health> {
  const [{ ready, last }, counts] = await Promise.all([readiness(probeJournal), readCounts()]);
  const stopping = isStopping();
  const { reachable, latencyMs, migrationsAtHead: atHead } = last;
  return {
    ready: ready && !stopping,
    stopping,
    journal: {
      kind: env().databaseUrl ? "postgresql" : "pglite",
      reachable,
      latencyMs,
      migrationsAtHead: atHead,
    },
    coreService: { breaker: breakerState(), lastCall: lastUpstreamCall() },
    spool: { depth: counts.spool },
    sales: { unknown: counts.unknown, paidNotDelivered: counts.paidNotDelivered },
    backup: lastBackup(),
    build: build(),
    uptimeSeconds: Math.round(process.uptime()),
  };
}

/** The scrape's gauges, set from the journal's counts, the spool and the breaker. */
export async function refreshGauges(): Promise<void> {
  const m = metrics();
  const counts = await readCounts();
  if (counts.unknown !== null) m.unknownSales.set(counts.unknown);
  if (counts.paidNotDelivered !== null) m.paidNotDelivered.set(counts.paidNotDelivered);
  m.spoolDepth.set(counts.spool);
  const current = breakerState();
  for (const s of ["closed", "probing", "open"] as const)
    m.breakerState.set({ state: s }, s === current ? 1 : 0);
  m.journalRoundTrips.set(journalCounts().roundTrips);
}
