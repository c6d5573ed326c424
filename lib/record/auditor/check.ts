import fs from "node:fs/promises";
import path from "node:path";
import type { KeyObject } from "node:crypto";
import { readSealed } from "../audit-rows";
import { entryHash } from "../canonical";
import { checkpointSignatureHolds, parseCheckpoint } from "../checkpoint";
import { hashSignatureHolds } from "../keys";
import { recordedState, type RecordTable } from "../objects";
import type { CheckpointSource } from "../verify/checkpoints";
import { Problems } from "../verify/problems";
import type { VerifyReport } from "../verify";
import { parseCsv } from "./csv";
import { EXPORT_FORMAT, TABLES, type TableName } from "./tables";

/**
 * `npm run verify -- DIR` on an auditor's export (write.ts): the exported chain is checked
 * entry by entry (sequence, links, hashes, every signature), the checkpoints in it and those
 * kept outside must be held by it, and every exported sale, card payment, cash movement and
 * Z report must read as the last state the exported chain gives it. The cumulative totals are
 * not recomputed: the export starts in the middle of the chain.
 */
export async function isExport(dir: string): Promise<boolean> {
  return (await fs.stat(path.join(dir, "index.json")).catch(() => undefined))?.isFile() ?? false;
}

/** Which exported column holds which state key, per table. */
const COMPARED: Partial<
  Record<TableName, { table: RecordTable; id: string; fields: Record<string, string> }>
> = {
  sales: {
    table: "sales",
    id: "sale_id",
    fields: {
      status: "status",
      kind: "kind",
      method: "method",
      amount_cents: "amountCents",
      reference: "reference",
      user_id: "userId",
      till_id: "tillId",
      shift_id: "shiftId",
      error_kind: "errorKind",
      resolved_by: "resolvedBy",
    },
  },
  payments: {
    table: "card_orders",
    id: "sale_id",
    fields: { card_status: "status", needs_refund: "needsRefund", late_outcome: "lateOutcome" },
  },
  cashMovements: {
    table: "cash_movements",
    id: "id",
    fields: {
      created_at: "createdAt",
      shift_id: "shiftId",
      till_id: "tillId",
      user_id: "userId",
      kind: "kind",
      amount_cents: "amountCents",
      reason: "reason",
    },
  },
  closings: {
    table: "shifts",
    id: "shift_id",
    fields: {
      z_number: "zNumber",
      till_id: "tillId",
      user_id: "userId",
      opened_at: "openedAt",
      closed_at: "closedAt",
      closed_by: "closedBy",
      opening_float_cents: "openingFloatCents",
      expected_cash_cents: "expectedCashCents",
      counted_cash_cents: "countedCashCents",
      force_close_reason: "forceCloseReason",
    },
  },
};

const asText = (v: unknown) => (v === null || v === undefined ? "" : String(v));

export async function verifyExport(
  dir: string,
  options: { publicKey: KeyObject; publicKeyText: string; checkpoints: CheckpointSource[] },
): Promise<VerifyReport> {
  const problems = new Problems();
  const index = JSON.parse(await fs.readFile(path.join(dir, "index.json"), "utf8")) as {
    format?: string;
    publicKey?: string;
  };
  if (index.format !== EXPORT_FORMAT)
    throw new Error(
      `${dir} is not a Kassa audit export (index.json format ${String(index.format)}).`,
    );
  if (index.publicKey !== options.publicKeyText)
    problems.add({ message: "the export names another public key than the one verifying it" });

  const tables = {} as Record<TableName, Record<string, string>[]>;
  for (const [name, def] of Object.entries(TABLES) as [TableName, (typeof TABLES)[TableName]][]) {
    const [header, ...rows] = parseCsv(await fs.readFile(path.join(dir, def.file), "utf8"));
    const names = def.columns.map((col) => col.name);
    if (header?.join(",") !== names.join(","))
      throw new Error(`${def.file} does not have the columns index.json names.`);
    tables[name] = rows.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i] ?? ""])));
  }

  // The chain, entry by entry; the last state of each row it carries.
  const last = new Map<string, { seq: number; state: Record<string, unknown> }>();
  const hashAt = new Map<number, string>();
  let prev: string | undefined;
  let expected: number | undefined;
  for (const entry of tables.chain) {
    const seq = Number(entry.seq);
    const at = { seq, auditId: Number(entry.audit_id) };
    if (expected !== undefined && seq !== expected)
      problems.add({
        seq: expected,
        message: `the exported chain jumps from ${expected - 1} to ${seq}`,
      });
    if (prev !== undefined && entry.prev_hash !== prev)
      problems.add({ ...at, message: `does not follow entry ${seq - 1} in the export` });
    if (entryHash(entry.prev_hash!, entry.canonical!) !== entry.hash)
      problems.add({
        ...at,
        message: "its hash is not the hash of its content: the entry was changed",
      });
    if (!hashSignatureHolds(options.publicKey, entry.hash!, entry.signature!))
      problems.add({ ...at, message: "its signature is not Kassa's signature of its hash" });
    const recorded = recordedState(readSealed(entry.canonical!).detail);
    if (recorded) last.set(recorded.object, { seq, state: recorded.state });
    hashAt.set(seq, entry.hash!);
    prev = entry.hash;
    expected = seq + 1;
  }
  const end = expected === undefined ? 0 : expected - 1;

  // Checkpoints: in the export, and kept outside it.
  const sources: CheckpointSource[] = [...options.checkpoints];
  for (const row of tables.checkpoints) {
    const parsed = parseCheckpoint(
      JSON.stringify({ ...JSON.parse(row.checkpoint!), signature: row.signature }),
    );
    if (parsed.ok) sources.push({ from: "the export", checkpoint: parsed.checkpoint });
    else problems.add({ message: `a checkpoint in checkpoints.csv is ${parsed.reason}` });
  }
  let held = 0;
  for (const { from, checkpoint: c } of sources) {
    const name = `checkpoint ${c.kind === "z" ? `Z ${c.label}` : `of day ${c.label}`} (${from})`;
    if (!checkpointSignatureHolds(options.publicKey, c)) {
      problems.add({
        message: `${name} is not signed by this key, or was changed after it was signed`,
      });
      continue;
    }
    if (c.seq > end && end > 0) {
      problems.add({
        seq: end + 1,
        message: `${name} holds entry ${c.seq}, but the exported chain ends at entry ${end}`,
      });
      continue;
    }
    if (!hashAt.has(c.seq)) continue; // before the exported stretch
    if (hashAt.get(c.seq) !== c.hash) {
      problems.add({ seq: c.seq, message: `is not the entry ${name} signed` });
      continue;
    }
    held++;
  }

  // Every exported row against the last state the chain gives it.
  let rowsChecked = 0;
  for (const [name, spec] of Object.entries(COMPARED) as [
    TableName,
    NonNullable<(typeof COMPARED)[TableName]>,
  ][]) {
    for (const row of tables[name]) {
      const sealed = last.get(`${spec.table}:${row[spec.id]}`);
      if (!sealed) continue;
      if (name === "payments" && row.card_status === "") continue; // a cash sale: no card order
      rowsChecked++;
      const differs = Object.entries(spec.fields).filter(
        ([column, key]) => asText(row[column]) !== asText(sealed.state[key]),
      );
      if (differs.length > 0)
        problems.add({
          seq: sealed.seq,
          message: `${TABLES[name].file} row ${row[spec.id]} is not as this entry left it: ${differs
            .map(([column, key]) => `${column} ${asText(sealed.state[key])} → ${row[column]}`)
            .join(", ")}`,
        });
    }
  }
  const sorted = problems.sorted();
  return {
    entries: tables.chain.length,
    head: end > 0 ? { seq: end, hash: prev! } : null,
    unsealed: 0,
    rowsChecked,
    checkpointsHeld: held,
    problems: sorted,
    problemCount: problems.count,
    timings: {},
  };
}
