import fs from "node:fs";
import path from "node:path";
import type { FaultEntry, SaleRecord } from "./context";
import type { Chaos } from "./plan";
import type { Reconciliation } from "./reconcile";

export interface SoakReport {
  seed: number;
  options: Record<string, unknown>;
  seconds: number;
  counts: Record<string, number>;
  faults: FaultEntry[];
  chaos: Chaos[];
  settling: { sweepWaitMs: number; supervisorPasses: number[]; leftOnUnresolved: string[] };
  supervisor: Record<string, number>;
  sales: SaleRecord[];
  reconciliation: Reconciliation;
}

const tally = (items: string[]) => {
  const out: Record<string, number> = {};
  for (const i of items) out[i] = (out[i] ?? 0) + 1;
  return Object.entries(out).sort((a, b) => b[1] - a[1]);
};

function table(title: string, rows: [string, string | number][]) {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([k]) => k.length), 10);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${String(v).padStart(8)}`);
}

/** The faults by kind: a sandbox fault's label without its milliseconds, an instance fault as it is. */
export function faultKinds(faults: FaultEntry[]) {
  return tally(
    faults.map((f) =>
      f.fault
        .replace(/\d+ ms/, "")
        .replace(/instance \d/, "instance")
        .trim(),
    ),
  );
}

/** Completed sales by what was sold (meter scenario, fines look-up, VAS category) and how paid. */
export function kindsSold(report: SoakReport) {
  return tally(
    report.sales
      .filter((s) => (s.final ?? s.seen) === "completed")
      .map((s) => `${s.kind} / ${s.method}`),
  ).sort((a, b) => a[0].localeCompare(b[0]));
}

/** How each sale ended, at the till and then in the office. */
export function settlingPaths(report: SoakReport) {
  return tally(
    report.sales.map((s) => {
      const till =
        s.seen === "completed" || s.seen === "failed"
          ? `${s.seen}: ${s.path}`
          : `till saw ${s.seen}`;
      return s.office?.length ? `${till} → office: ${s.office.join(", then ")}` : till;
    }),
  );
}

export function printReport(r: SoakReport) {
  const rec = r.reconciliation;
  table(
    `Soak seed ${r.seed}: ${r.sales.length} sales in ${r.seconds} s (${String(r.options.instances)} instance(s), ${r.options.embedded ? "PGlite" : "PostgreSQL"})`,
    [...Object.entries(r.counts)],
  );
  table("Faults injected", faultKinds(r.faults));
  table("Kinds sold (completed in the end)", kindsSold(r));
  table(
    "Journal: completed by kind and method",
    Object.entries(rec.journal.completedByKind).sort() as [string, number][],
  );
  table("Journal by status", Object.entries(rec.journal.byStatus));
  table("Settling paths (the till, then the office)", settlingPaths(r));
  table("Reconciliation", [
    ["executed transactions", rec.executed.transactions],
    ["executed (R)", (rec.executed.cents / 100).toFixed(2)],
    ["journal completed (R)", (rec.journal.completedCents / 100).toFixed(2)],
    ["merchant balance moved (R)", (rec.balance.movedCents / 100).toFixed(2)],
    ["card payments", rec.card.paid],
    ["  delivered", rec.card.delivered],
    ["  refunded", rec.card.refunded],
    ["Z reports checked", rec.shifts.checked],
    ["explained", rec.explained.length],
    ["discrepancies", rec.discrepancies.length],
  ]);
  for (const e of rec.explained.slice(0, 20)) console.log(`  explained: ${e}`);
  for (const d of rec.discrepancies.slice(0, 50)) console.log(`  DISCREPANCY: ${d}`);
  if (rec.discrepancies.length > 50) console.log(`  ... and ${rec.discrepancies.length - 50} more`);
  console.log(
    `\nsoak: ${rec.discrepancies.length === 0 ? "0 discrepancies" : `${rec.discrepancies.length} discrepancies`} (seed ${r.seed})`,
  );
}

/**
 * bench/results/soak-<seed>.json with everything; and, when SOAK_JSON names a file, a
 * Vitest-style summary (one test per check) that .ci/summarise.mjs counts.
 */
export function writeReports(r: SoakReport | null, failure?: string) {
  if (r) {
    const file = path.join(
      "bench",
      "results",
      `soak-${r.seed}${r.options.embedded ? "-embedded" : ""}.json`,
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const { sales, ...rest } = r;
    const unusual = sales.filter((s) => s.seen !== "completed" || s.path !== "answered" || s.fault);
    fs.writeFileSync(
      file,
      `${JSON.stringify(
        {
          ...rest,
          faultKinds: Object.fromEntries(faultKinds(r.faults)),
          kindsSold: Object.fromEntries(kindsSold(r)),
          settlingPaths: Object.fromEntries(settlingPaths(r)),
          unusualSales: unusual,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`soak: wrote ${file}`);
  }
  const out = process.env.SOAK_JSON;
  if (!out) return;
  const discrepancies = r?.reconciliation.discrepancies ?? [failure ?? "the soak did not finish"];
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify({
      numPassedTests: discrepancies.length === 0 ? 1 : 0,
      numFailedTests: discrepancies.length === 0 ? 0 : 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: "soak",
          status: discrepancies.length === 0 ? "passed" : "failed",
          assertionResults: [
            {
              title: `soak seed ${r?.seed ?? "?"}: reconciled with 0 discrepancies`,
              status: discrepancies.length === 0 ? "passed" : "failed",
              failureMessages: discrepancies.slice(0, 50),
            },
          ],
        },
      ],
    }),
  );
}
