/**
 * `npm run verify [-- FILE] [--public-key KEY] [--checkpoints DIR|FILE] [--quick] [--tail-minutes N]`:
 * checks Kassa's record offline (docs/record.md).
 * - No FILE: the journal Kassa's settings name (DATABASE_URL, else KASSA_DATA_DIR), while Kassa
 *   is stopped or while it sells (a read-only snapshot; the embedded journal through the
 *   running Kassa's backup).
 * - FILE: a backup made by `npm run backup` (.tar.gz, or a PostgreSQL .dump with DATABASE_URL),
 *   or the folder of an auditor's export (`npm run export`).
 * The public key is the one beside the data folder (signing-key) unless --public-key gives the
 * one printed on a Z report. The checkpoints are those in KASSA_CHECKPOINT_DIR (default
 * `checkpoints` beside the data folder) and --checkpoints. Exit 0 and "verified N entries" when
 * everything holds; otherwise the first bad entry is named and the exit code is 1 (2: the
 * journal or the key could not be read).
 */
import { parseArgs } from "node:util";
import { parseEnv } from "../lib/env-schema";
import { journalOf } from "../lib/record/checkpoint";
import { checkpointFolder } from "../lib/record/export";
import {
  keyFingerprint,
  publicKeyFromText,
  publicKeyText,
  readSigningKey,
  signingKeyFile,
} from "../lib/record/keys";
import { isExport, verifyExport } from "../lib/record/auditor/check";
import {
  entryName,
  verifyJournal,
  type CheckpointSource,
  type VerifyReport,
} from "../lib/record/verify";
import { readCheckpoints } from "../lib/record/verify/checkpoint-files";
import {
  openBackup,
  openEmbedded,
  openPostgresReadOnly,
  type OpenedJournal,
} from "../lib/record/verify/sources";

const SHOWN = 20;

class CannotVerify extends Error {}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      "public-key": { type: "string" },
      checkpoints: { type: "string", multiple: true },
      quick: { type: "boolean", default: false },
      "tail-minutes": { type: "string", default: "5" },
      timings: { type: "boolean", default: false },
    },
    allowPositionals: true,
  });
  if (positionals.length > 1)
    throw new CannotVerify(
      "Usage: npm run verify [-- BACKUP_FILE] [--public-key KEY] [--checkpoints DIR] [--quick]",
    );
  const config = parseEnv(process.env);

  const key = values["public-key"]
    ? publicKeyFromText(values["public-key"])
    : readSigningKey(signingKeyFile(config.dataDir))?.publicKey;
  if (!key)
    throw new CannotVerify(
      values["public-key"]
        ? "--public-key is not an Ed25519 public key (the base64 text printed on Z reports)."
        : `No signing key at ${signingKeyFile(config.dataDir)}: give the public key printed on a Z report with --public-key.`,
    );
  const keyText = publicKeyText(key);

  const sources: CheckpointSource[] = [];
  const unreadable: string[] = [];
  for (const where of [checkpointFolder(config).dir, ...(values.checkpoints ?? [])]) {
    const read = await readCheckpoints(where, journalOf(config));
    sources.push(...read.sources);
    unreadable.push(...read.unreadable);
  }

  const file = positionals[0];
  const started = performance.now();
  const took = () => ((performance.now() - started) / 1000).toFixed(1);
  if (file && (await isExport(file))) {
    const checked = await verifyExport(file, {
      publicKey: key,
      publicKeyText: keyText,
      checkpoints: sources,
    });
    return printReport(`the audit export ${file}`, checked, unreadable, false, took());
  }
  const journal: OpenedJournal = file
    ? await openBackup(file, config.databaseUrl)
    : config.databaseUrl
      ? await openPostgresReadOnly(config.databaseUrl)
      : await openEmbedded(config.dataDir);
  let result: VerifyReport;
  try {
    console.log(`kassa verify: ${journal.what}; public key ${keyFingerprint(keyText)}`);
    result = await verifyJournal(journal.db, {
      publicKey: key,
      publicKeyText: keyText,
      checkpoints: sources,
      quick: values.quick,
      tailMs: Number(values["tail-minutes"]) * 60_000,
    });
  } finally {
    await journal.close();
  }
  const seconds = took();
  if (values.timings)
    console.log(
      `timings (ms): ${Object.entries(result.timings)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}; cpu ${Math.round(process.cpuUsage().user / 1000)} user`,
    );
  return printReport(journal.what, result, unreadable, values.quick ?? false, seconds);
}

function printReport(
  what: string,
  report: VerifyReport,
  unreadable: string[],
  quick: boolean,
  seconds: string,
): number {
  const problems = [
    ...unreadable.map((u) => `checkpoint file ${u}`),
    ...report.problems.map((p) => `${entryName(p)}: ${p.message}`),
  ];
  if (problems.length === 0) {
    console.log(
      `verified ${report.entries} entries in ${seconds} s: head ${report.head ? `#${report.head.seq} ${report.head.hash.slice(0, 16)}` : "(empty chain)"}, ` +
        `${report.checkpointsHeld} checkpoint(s) held, ${report.rowsChecked} row(s) as recorded, ` +
        `${report.unsealed} recent event(s) not sealed yet${quick ? " (quick: signatures where they decide)" : ""}`,
    );
    return 0;
  }
  console.log(`NOT VERIFIED: ${what} (${report.entries} entries read in ${seconds} s)`);
  console.log(`first bad: ${problems[0]}`);
  for (const line of problems.slice(1, SHOWN)) console.log(`  also: ${line}`);
  const total = report.problemCount + unreadable.length;
  if (total > SHOWN) console.log(`  ... ${total - SHOWN} more`);
  console.log('What to do: docs/record.md, "When verify fails".');
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof CannotVerify || error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
