"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { StepUpField } from "@/components/forms/step-up-field";
import {
  checkSalePaymentAction,
  recheckFinesAction,
  resolveSaleAction,
  retrySaleAction,
} from "./actions";
import type { ResolveSaleInput } from "./schema";

const resolver = schemaResolver<ResolveSaleInput>(() =>
  import("./schema").then((m) => m.resolveSaleSchema),
);

interface Item {
  saleId: string;
  why: "unknown" | "refund";
  canRetry: boolean;
  canCheckPayment: boolean;
  canRecheckFines: boolean;
}

/** What resolves one sale: send again, check, or the supervisor's decision with a reason. */
export function ResolvePanel({ item }: { item: Item }) {
  const router = useRouter();
  const id = useId();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The outcome starts unchosen (the select's empty option): the schema asks for one.
  const form = useForm<ResolveSaleInput>({
    resolver,
    defaultValues: { saleId: item.saleId, reason: "", confirm: "" },
  });
  const { errors } = form.formState;

  async function run(task: () => Promise<string>) {
    setBusy(true);
    setNote(await task());
    setBusy(false);
  }

  const retry = () =>
    run(async () => {
      const r = await retrySaleAction({ saleId: item.saleId });
      if (!r.ok) return r.error;
      router.refresh();
      return r.data.status === "unknown"
        ? `Still not confirmed: ${r.data.message ?? ""}`
        : `Sent again: ${r.data.status}.`;
    });
  const checkPayment = () =>
    run(async () => {
      const r = await checkSalePaymentAction({ saleId: item.saleId });
      if (!r.ok) return r.error;
      return `Payment status: ${r.data.paymentStatus}${r.data.verificationErrors.length ? ` — ${r.data.verificationErrors.join("; ")}` : ""}`;
    });
  const recheck = () =>
    run(async () => {
      const r = await recheckFinesAction({ saleId: item.saleId });
      return r.ok ? r.data.message : r.error;
    });

  const resolve = form.handleSubmit(async (input) => {
    setBusy(true);
    const r = await resolveSaleAction(input);
    setBusy(false);
    if (!r.ok) {
      if (r.fieldErrors?.confirm) form.setValue("confirm", "");
      for (const field of ["outcome", "reason", "confirm"] as const) {
        const message = r.fieldErrors?.[field];
        if (message) form.setError(field, { message });
      }
      return setNote(r.fieldErrors?.confirm ? null : r.error);
    }
    setNote(`Resolved as ${r.data.status}.`);
    router.refresh();
  });

  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {[
          { show: item.canRetry, run: retry, label: "Send again under the same key", main: true },
          { show: item.canCheckPayment, run: checkPayment, label: "Check payment status" },
          { show: item.canRecheckFines, run: recheck, label: "Look up the fines again" },
        ].map(
          (b) =>
            b.show && (
              <button
                key={b.label}
                type="button"
                disabled={busy}
                onClick={b.run}
                className={
                  b.main
                    ? "rounded bg-brand px-3 py-1 text-white"
                    : "rounded border border-slate-400 px-3 py-1"
                }
              >
                {b.label}
              </button>
            ),
        )}
      </div>
      <form onSubmit={resolve} noValidate className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Outcome</span>
          <select
            {...form.register("outcome")}
            defaultValue=""
            aria-invalid={errors.outcome ? true : undefined}
            aria-describedby={`${id}-msg`}
            className="rounded border border-slate-400 px-2 py-1"
          >
            <option value="" disabled>
              Choose…
            </option>
            <option value="completed">Completed — the customer got it</option>
            <option value="failed">
              {item.why === "refund"
                ? "Failed — money refunded"
                : "Failed — not sold, money returned"}
            </option>
          </select>
        </label>
        <label className="flex flex-1 flex-col gap-1">
          <span className="text-sm font-medium">Reason</span>
          <input
            {...form.register("reason")}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${id}-msg`}
            className="rounded border border-slate-400 px-2 py-1"
          />
        </label>
        <StepUpField
          {...form.register("confirm")}
          error={errors.confirm?.message}
          errorId={`${id}-confirm`}
          className="rounded border border-slate-400 px-2 py-1"
        />
        <button type="submit" disabled={busy} className="rounded bg-slate-800 px-3 py-1 text-white">
          Mark resolved
        </button>
      </form>
      <p id={`${id}-msg`} role="status" aria-live="polite" className="min-h-6 text-slate-800">
        {[note, errors.reason?.message, errors.outcome?.message].filter(Boolean).join(" ")}
      </p>
    </div>
  );
}
