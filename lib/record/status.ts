import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { rowsOf } from "./audit-rows";
import { checkpointShortCode } from "./checkpoint";
import { checkpointFolder } from "./export";
import { keyFingerprint } from "./keys";
import { currentSigner, sealerRefusal } from "./seal-loop";

/** The signed record as the office shows it: the key, the chain's head, the last checkpoints. */
export interface RecordStatus {
  publicKey: string;
  fingerprint: string;
  head: { seq: number; sealedAt: string } | null;
  /** Audit events written and not sealed yet (a few, for a second, while Kassa sells). */
  unsealed: number;
  checkpoints: {
    kind: "z" | "day";
    label: string;
    shortCode: string;
    at: string;
    outside: boolean;
  }[];
  checkpointDir: string;
  /** Why this instance does not seal (another key signed the chain), if so. */
  refusal?: string;
}

export async function recordStatus(): Promise<RecordStatus> {
  const config = env();
  const database = await db();
  const { publicKeyText } = currentSigner(config);
  const [head] = rowsOf<{ seq: string | number; sealed_at: string; max_audit_id: string | number }>(
    await database.execute(sql`
      select h.seq, h.max_audit_id, c.sealed_at::text as sealed_at
      from record_head h left join record_chain c on c.seq = h.seq where h.id = 1`),
  );
  const [unsealed] = rowsOf<{ n: number }>(
    await database.execute(sql`select count(*)::int as n from audit_events
      where id > ${head ? Number(head.max_audit_id) : 0}`),
  );
  const checkpoints = rowsOf<{
    kind: "z" | "day";
    label: string;
    body: string;
    exported: boolean;
    at: string;
  }>(
    await database.execute(sql`
      select kind, label, body, exported_at is not null as exported, created_at::text as at
      from record_checkpoints order by seq desc, created_at desc limit 5`),
  );
  return {
    publicKey: publicKeyText,
    fingerprint: keyFingerprint(publicKeyText),
    head: head ? { seq: Number(head.seq), sealedAt: head.sealed_at } : null,
    unsealed: unsealed?.n ?? 0,
    checkpoints: checkpoints.map((c) => ({
      kind: c.kind,
      label: c.label,
      shortCode: checkpointShortCode(JSON.parse(c.body) as { seq: number; hash: string }),
      at: c.at,
      outside: c.exported,
    })),
    checkpointDir: checkpointFolder(config).dir,
    refusal: sealerRefusal(),
  };
}
