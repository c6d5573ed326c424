"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { deliverPaidSaleAction, refundOutsideAction } from "./actions";
import type { RefundOutsideInput } from "./refund-schema";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { StepUpField } from "@/components/forms/step-up-field";

const resolver = schemaResolver<RefundOutsideInput>(() =>
  import("./refund-schema").then((m) => m.refundOutsideSchema),
);

/** Deliver the sale the customer paid for, or record the refund made outside Kassa (with a reason). */
export function PaidNotDeliveredPanel({ saleId }: { saleId: string }) {
  const router = useRouter();
  const id = useId();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<RefundOutsideInput>({
    resolver,
    defaultValues: { saleId, reason: "", confirm: "" },
  });

  async function deliver() {
    setBusy(true);
    const r = await deliverPaidSaleAction({ saleId });
    setBusy(false);
    if (!r.ok) return setNote(r.error);
    setNote(
      r.data.status === "completed"
        ? "Delivered."
        : `Sent: ${r.data.status}. ${r.data.message ?? ""}`,
    );
    router.refresh();
  }

  const refund = form.handleSubmit(async (input) => {
    setBusy(true);
    const r = await refundOutsideAction(input);
    setBusy(false);
    if (!r.ok) {
      if (r.fieldErrors?.reason) form.setError("reason", { message: r.fieldErrors.reason });
      if (r.fieldErrors?.confirm) {
        form.setValue("confirm", "");
        form.setError("confirm", { message: r.fieldErrors.confirm });
        return setNote(null);
      }
      return setNote(r.error);
    }
    setNote("Recorded: refunded outside Kassa.");
    router.refresh();
  });

  const reasonError = form.formState.errors.reason?.message;
  return (
    <div className="mt-2 flex flex-col gap-2">
      <div>
        <button
          type="button"
          disabled={busy}
          onClick={() => void deliver()}
          className="rounded bg-brand px-3 py-1 text-white"
        >
          Deliver
        </button>
      </div>
      <form onSubmit={(e) => void refund(e)} noValidate className="flex flex-wrap items-end gap-3">
        <label className="flex flex-1 flex-col gap-1">
          <span className="text-sm font-medium">How the customer was refunded</span>
          <input
            {...form.register("reason")}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${id}-reason`}
            className="rounded border border-slate-400 px-2 py-1"
          />
        </label>
        <StepUpField
          {...form.register("confirm")}
          error={form.formState.errors.confirm?.message}
          errorId={`${id}-confirm`}
          className="rounded border border-slate-400 px-2 py-1"
        />
        <button type="submit" disabled={busy} className="rounded bg-slate-800 px-3 py-1 text-white">
          Refunded outside Kassa
        </button>
      </form>
      <p id={`${id}-reason`} role="alert" className="min-h-5 text-red-700">
        {reasonError}
      </p>
      <p role="status" aria-live="polite" className="min-h-6 text-slate-800">
        {note}
      </p>
    </div>
  );
}
