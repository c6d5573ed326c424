"use client";

import { formatRand } from "@/lib/money";
import { recordCashMovementAction } from "./actions";
import type { CashMovementInput } from "./schema";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { kickDrawer } from "@/components/printing/drawer";
import { TextField } from "@/components/forms/text-field";
import { FormFoot } from "@/components/forms/submit-button";
import { useActionForm } from "@/components/forms/use-action-form";

const resolver = schemaResolver<CashMovementInput>(() =>
  import("./schema").then((m) => m.cashMovementSchema),
);

const KINDS = [
  { value: "drop", label: "Cash drop to the safe" },
  { value: "payout", label: "Pay-out" },
] as const;

const EMPTY: CashMovementInput = { kind: "drop", amount: "", reason: "" };

/** Cash out of the drawer during a shift: it lowers the expected cash and stands in the X and Z reports. */
export function CashMovementForm() {
  const form = useActionForm({
    resolver,
    defaultValues: EMPTY,
    send: recordCashMovementAction,
    sent: async (data, input, { reset }) => {
      reset({ ...EMPTY, kind: input.kind });
      const drawerTrouble = await kickDrawer(data.drawer);
      return `${data.kind === "drop" ? "Cash drop" : "Pay-out"} of ${formatRand(data.amountCents)} recorded.${drawerTrouble ? ` ${drawerTrouble}` : ""}`;
    },
  });

  return (
    <form onSubmit={form.submit} noValidate className="flex max-w-lg flex-col gap-3">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-medium">What</legend>
        {KINDS.map((k) => (
          <label key={k.value} className="flex min-h-11 items-center gap-2">
            <input type="radio" value={k.value} {...form.register("kind")} className="size-5" />
            {k.label}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Amount (R)"
        {...form.field("amount")}
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        className="min-h-11 rounded border border-slate-400 px-3 py-2 font-mono"
      />
      <TextField
        label="Reason"
        {...form.field("reason")}
        autoComplete="off"
        className="min-h-11 rounded border border-slate-400 px-3 py-2"
      />
      <FormFoot form={form.foot}>Record</FormFoot>
    </form>
  );
}
