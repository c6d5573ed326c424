"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import type { KioskText } from "@/lib/i18n/kiosk-text";
import { IdleGuard } from "../../../idle-guard";

/** Print (where the kiosk has a printer), Done, and the same idle clearing as the rest of the kiosk. */
export function ReceiptActions({
  printable,
  text,
  idle,
  idleMs,
}: {
  printable: boolean;
  text: KioskText["receipt"];
  idle: KioskText["idle"];
  idleMs: number;
}) {
  const router = useRouter();
  // replace: the receipt does not stay in the browser's history for the next customer.
  const done = useCallback(() => router.replace("/kiosk"), [router]);
  return (
    <div className="flex gap-4 print:hidden">
      <IdleGuard onIdle={done} text={idle} idleMs={idleMs} />
      {printable && (
        <button
          type="button"
          onClick={() => window.print()}
          className="min-h-14 flex-1 rounded-2xl bg-slate-600 py-6 text-3xl"
        >
          {text.print}
        </button>
      )}
      <button
        type="button"
        onClick={done}
        className="min-h-14 flex-[2] rounded-2xl bg-brand py-6 text-3xl font-semibold"
      >
        {text.done}
      </button>
    </div>
  );
}
