import { formatSaDateTime } from "@/lib/reports/day";
import { recordStatus } from "@/lib/record/status";

/**
 * The signed record at a glance, above the audit log: the public key an owner compares with
 * the one printed on Z reports (and gives `npm run verify --public-key`), how far the chain
 * is sealed, and the last checkpoints with whether their copy outside the journal was written.
 */
export async function RecordPanel() {
  const record = await recordStatus();
  return (
    <section
      aria-labelledby="record-title"
      className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow"
    >
      <h2 id="record-title" className="text-lg font-semibold">
        Signed record
      </h2>
      {record.refusal && (
        <p role="alert" className="rounded bg-red-100 p-2 text-red-900">
          {record.refusal}
        </p>
      )}
      <p>
        Public key <span className="font-mono">{record.fingerprint}</span>:{" "}
        <span className="font-mono break-all" data-testid="record-public-key">
          {record.publicKey}
        </span>
      </p>
      <p data-testid="record-head">
        {record.head
          ? `Sealed to entry ${record.head.seq} (${formatSaDateTime(new Date(record.head.sealedAt))}); ${record.unsealed} newer event(s) waiting to be sealed.`
          : `Nothing sealed yet; ${record.unsealed} event(s) waiting.`}
      </p>
      {record.checkpoints.length > 0 && (
        <ul className="text-sm">
          {record.checkpoints.map((c) => (
            <li key={`${c.kind}-${c.label}`}>
              {c.kind === "z" ? `Z report ${c.label}` : `Day ${c.label}`}:{" "}
              <span className="font-mono">{c.shortCode}</span>{" "}
              {c.outside ? (
                <>
                  (copy in <span className="break-all">{record.checkpointDir}</span>)
                </>
              ) : (
                <strong>(not yet written outside the journal)</strong>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-600">
        Check the whole record with <code>npm run verify</code> (docs/record.md).
      </p>
    </section>
  );
}
