"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { IdleGuard } from "../../../idle-guard";

/** Print (where the kiosk has a printer), Done, and the same idle clearing as the rest of the kiosk. */
export function ReceiptActions({ printable }: { printable: boolean }) {
  const router = useRouter();
  // replace: the receipt does not stay in the browser's history for the next customer.
  const done = useCallback(() => router.replace("/kiosk"), [router]);
  return (
    <div className="flex gap-4 print:hidden">
      <IdleGuard onIdle={done} />
      {printable && (
        <button
          type="button"
          onClick={() => window.print()}
          className="flex-1 rounded-2xl bg-slate-600 py-6 text-3xl"
        >
          Print receipt
        </button>
      )}
      <button
        type="button"
        onClick={done}
        className="flex-[2] rounded-2xl bg-brand py-6 text-3xl font-semibold"
      >
        Done
      </button>
    </div>
  );
}
