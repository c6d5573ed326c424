/**
 * `npm run export -- --from YYYY-MM-DD --to YYYY-MM-DD [--out DIR]`: a period of South African
 * business days for an auditor, as CSV files and an index.json naming their columns (modelled
 * on DSFinV-K; lib/record/auditor/tables.ts), with the signed chain and checkpoints that vouch
 * for them. `npm run verify -- DIR` checks the folder. Reads the journal Kassa's settings name,
 * read-only, as `npm run verify` does (docs/record.md).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { parseEnv } from "../lib/env-schema";
import { exportPeriod } from "../lib/record/auditor/write";
import { publicKeyText, readSigningKey, signingKeyFile } from "../lib/record/keys";
import { openEmbedded, openPostgresReadOnly } from "../lib/record/verify/sources";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

async function main() {
  const { values } = parseArgs({
    options: { from: { type: "string" }, to: { type: "string" }, out: { type: "string" } },
  });
  const { from, to } = values;
  if (!from || !to || !DAY.test(from) || !DAY.test(to) || from > to)
    throw new Error("Usage: npm run export -- --from YYYY-MM-DD --to YYYY-MM-DD [--out DIR]");
  const config = parseEnv(process.env);
  const signer = readSigningKey(signingKeyFile(config.dataDir));
  if (!signer)
    throw new Error(
      `No signing key at ${signingKeyFile(config.dataDir)}: export on Kassa's machine.`,
    );
  const dir = path.resolve(
    values.out ??
      path.join(path.dirname(path.resolve(config.dataDir)), "exports", `kassa-${from}-${to}`),
  );
  const journal = config.databaseUrl
    ? await openPostgresReadOnly(config.databaseUrl)
    : await openEmbedded(config.dataDir);
  try {
    const result = await exportPeriod(journal.db, {
      from,
      to,
      dir,
      publicKey: publicKeyText(signer.publicKey),
    });
    const c = result.counts;
    console.log(
      `Exported ${from} to ${to} from ${journal.what} into ${dir}: ${c.sales} sales, ${c.lines} lines, ` +
        `${c.cashMovements} cash movements, ${c.closings} Z reports, ${c.chain} chain entries, ` +
        `${c.checkpoints} checkpoints. Check it with: npm run verify -- ${dir}`,
    );
  } finally {
    await journal.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
