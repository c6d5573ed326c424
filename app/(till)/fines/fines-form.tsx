"use client";

import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { schemaResolver } from "@/components/forms/schema-resolver";
import type { Resolve } from "@/components/sale/not-confirmed";
import { OpenSale, SaleNotice } from "@/components/sale/sale-stage";
import { useSale } from "@/components/sale/use-sale";
import { selectedFines, selectionTotals } from "@/lib/kinds/fines/selection";
import type { FinesFound } from "@/lib/kinds/fines/view";
import { lookUpFinesAction, payFinesAction, recheckFinesSaleAction } from "./actions";
import { FinesTable } from "./fines-table";
import { LookupFields } from "./lookup-fields";
import { PayPanel } from "./pay-panel";
import type { LookupInput, PayChoice, PayFinesInput } from "./schema";

const resolver = schemaResolver<PayChoice>(() => import("./schema").then((m) => m.payChoiceSchema));

const RESOLVE: Resolve = {
  by: "registry",
  run: async (saleId) => {
    const result = await recheckFinesSaleAction({ saleId });
    if (!result.ok) return result.error;
    const { notices, message: advice } = result.data;
    const paid = notices.filter((n) => n.isPaid === true).map((n) => n.noticeNumber);
    const unpaid = notices.filter((n) => n.isPaid === false).map((n) => n.noticeNumber);
    const lines = [
      paid.length ? `Paid at the registry: ${paid.join(", ")}.` : "",
      unpaid.length ? `Not paid at the registry: ${unpaid.join(", ")}.` : "",
    ];
    return `${lines.filter(Boolean).join(" ")} ${advice}`.trim();
  },
};

type PayInput = Omit<PayFinesInput, "idempotencyKey">;

/** The counter's traffic-fine flow: look up, choose, Pay (validate, record, cash or card), slip. */
export function FinesForm() {
  const sale = useSale<PayInput>("fines", payFinesAction);
  // The numbers found and the way they were looked up: the sale is paid against these.
  const [found, setFound] = useState<{ lookup: LookupInput; fines: FinesFound } | null>(null);
  // The pay panel's form: cash or card and the fines chosen, checked by the action's schema.
  const choice = useForm<PayChoice>({ resolver, defaultValues: { method: "cash", fines: [] } });
  const [method, chosen] = useWatch({ control: choice.control, name: ["method", "fines"] });
  const selected = new Set(chosen.map((f) => f.noticeNumber));
  const tableRef = useRef<HTMLDivElement>(null);
  // After a look-up the next keystroke chooses fines: focus the first checkbox once the table is there.
  // Centred, so that on a narrow screen the total and Pay at its foot never cover it.
  useEffect(() => {
    const box = tableRef.current?.querySelector<HTMLInputElement>(
      "input[type=checkbox]:not(:disabled)",
    );
    box?.focus({ preventScroll: true });
    box?.scrollIntoView({ block: "center" });
  }, [found]);

  /** The look-up of a number the shared schema passed; a refusal is the field's message. */
  async function lookUp(input: LookupInput): Promise<string | null> {
    sale.reset();
    const result = await lookUpFinesAction(input);
    if (!result.ok) {
      setFound(null);
      return result.fieldErrors?.value ?? result.error;
    }
    choice.setValue("fines", []);
    choice.clearErrors();
    setFound({ lookup: input, fines: result.data });
    return null;
  }

  function choose(next: ReadonlySet<string>) {
    if (!found) return;
    const fines = selectedFines(found.fines.fines, next);
    choice.clearErrors("fines");
    choice.setValue(
      "fines",
      fines.map((f) => ({ noticeNumber: f.noticeNumber, grossCents: f.grossCents })),
    );
  }

  const pay = choice.handleSubmit(({ method, fines }) => {
    if (!found) return;
    sale.submit({
      lookupKind: found.lookup.kind,
      lookupValue: found.lookup.value,
      method,
      fines,
    });
  });

  const choosing = !sale.occupied;
  const fines = found?.fines;

  // The display facing the customer: the fines chosen, each with its charge and amount, and the
  // total, as they are ticked (components/customer-display/sale-lines.ts, loaded when needed).
  const chosenNotices = chosen.map((f) => f.noticeNumber).join(" ");
  useEffect(() => {
    if (!found || !choosing) return;
    const lines = selectedFines(found.fines.fines, new Set(chosenNotices.split(" ")));
    void import("@/components/customer-display/sale-lines").then((m) =>
      m.showFinesChosen(found.lookup, lines),
    );
  }, [found, chosenNotices, choosing]);
  const totals = fines ? selectionTotals(fines.fines, selected) : null;
  const choiceError =
    choice.formState.errors.fines?.message ?? choice.formState.errors.method?.message;
  return (
    <div className="flex flex-col gap-4">
      <LookupFields busy={sale.busy} onLookUp={lookUp} />
      {fines && fines.fines.length === 0 && (
        <p role="status">No fines were found for this number.</p>
      )}
      {fines && fines.fines.length > 0 && (
        // Two columns on a till's 1024 px: the notices beside Pay, both in view.
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_21rem]">
          <div ref={tableRef} className="min-w-0 rounded-xl bg-white p-2 shadow">
            {!fines.hasFinesToPay && (
              <p role="status" className="p-2 font-semibold">
                All of these fines are paid.
              </p>
            )}
            <FinesTable
              fines={fines.fines}
              selected={selected}
              onChange={choosing ? choose : () => {}}
            />
          </div>
          {totals && choosing && fines.hasFinesToPay && (
            <PayPanel
              totals={totals}
              method={method}
              methodField={choice.register("method")}
              busy={sale.busy || choice.formState.isSubmitting}
              error={choiceError}
              notice={<SaleNotice sale={sale} id="fines-pay-error" />}
              onPay={() => void pay()}
            />
          )}
        </div>
      )}
      <OpenSale sale={sale} resolve={RESOLVE} />
    </div>
  );
}
