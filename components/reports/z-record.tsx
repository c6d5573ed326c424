import "server-only";
import { zRecordPrint } from "@/lib/record/z-checkpoint";
import { ReceiptQr } from "@/components/slip/receipt-qr";

/**
 * The foot of a Z report: the record's signed checkpoint at this close (short code and a QR
 * code holding the whole signed checkpoint) and the public key that checks it. Kept on paper,
 * outside the journal, it catches a journal later cut short or put back to an older copy.
 */
export async function ZRecord({ zNumber }: { zNumber: number }) {
  const record = await zRecordPrint(zNumber);
  return (
    <section
      aria-label="Record checkpoint"
      className="flex flex-col gap-1 border-t border-dashed pt-2 text-center"
    >
      {record.checkpoint ? (
        <>
          <ReceiptQr
            url={record.checkpoint.qrText}
            label="QR code of the signed checkpoint"
            className="mx-auto w-40"
          />
          <p>
            Record checkpoint{" "}
            <strong className="font-mono" data-testid="z-checkpoint">
              {record.checkpoint.shortCode}
            </strong>
          </p>
        </>
      ) : (
        <p data-testid="z-checkpoint">Record checkpoint: being sealed, reprint in a moment.</p>
      )}
      <p className="break-all">
        Record key <span className="font-mono">{record.fingerprint}</span>
        <br />
        <span className="font-mono text-[0.8em]" data-testid="record-key">
          {record.publicKey}
        </span>
      </p>
    </section>
  );
}
