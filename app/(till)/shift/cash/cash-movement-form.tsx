"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { formatRand } from "@/lib/money";
import { recordCashMovementAction } from "./actions";
import type { CashMovementInput } from "./schema";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { kickDrawer } from "@/components/printing/drawer";
import { TextField } from "@/components/forms/text-field";

const resolver = schemaResolver<CashMovementInput>(() =>
  import("./schema").then((m) => m.cashMovementSchema),
);

const KINDS = [
  { value: "drop", label: "Cash drop to the safe" },
  { value: "payout", label: "Pay-out" },
] as const;

/** Cash out of the drawer during a shift: it lowers the expected cash and stands in the X and Z reports. */
export function CashMovementForm() {
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CashMovementInput>({
    resolver,
    defaultValues: { kind: "drop", amount: "", reason: "" },
  });

  async function save(input: CashMovementInput) {
    setDone(null);
    const result = await recordCashMovementAction(input);
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
        if (field === "kind" || field === "amount" || field === "reason")
          setError(field, { message });
      }
      if (!result.fieldErrors) setError("root", { message: result.error });
      return;
    }
    reset({ kind: input.kind, amount: "", reason: "" });
    const drawerTrouble = await kickDrawer(result.data.drawer);
    setDone(
      `${result.data.kind === "drop" ? "Cash drop" : "Pay-out"} of ${formatRand(result.data.amountCents)} recorded.${drawerTrouble ? ` ${drawerTrouble}` : ""}`,
    );
  }

  return (
    <form onSubmit={handleSubmit(save)} noValidate className="flex max-w-lg flex-col gap-3">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-medium">What</legend>
        {KINDS.map((k) => (
          <label key={k.value} className="flex min-h-11 items-center gap-2">
            <input type="radio" value={k.value} {...register("kind")} className="size-5" />
            {k.label}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Amount (R)"
        {...register("amount")}
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        error={errors.amount?.message}
        errorId="amount-error"
        className="min-h-11 rounded border border-slate-400 px-3 py-2 font-mono"
      />
      <TextField
        label="Reason"
        {...register("reason")}
        autoComplete="off"
        error={errors.reason?.message}
        errorId="reason-error"
        className="min-h-11 rounded border border-slate-400 px-3 py-2"
      />
      <button
        type="submit"
        disabled={isSubmitting}
        className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
      >
        Record
      </button>
      <p role="status" className="text-brand">
        {done}
      </p>
      <p aria-live="polite" className="text-danger">
        {errors.root?.message}
      </p>
    </form>
  );
}
