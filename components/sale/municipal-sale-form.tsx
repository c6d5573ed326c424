"use client";

import { useEffect, useRef, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { centsToInput } from "@/lib/amount-input";
import { parseRandInput } from "@/lib/money";
import { CashTendered } from "@/components/cash/cash-tendered";
import { SubmitButton } from "@/components/forms/submit-button";
import { restCustomerDisplay, showOnCustomerDisplay } from "@/components/customer-display/channel";
import type { SaleView } from "@/lib/sales/sale-view";
import { AmountField, MethodField } from "./fields";
import type { Resolve } from "./not-confirmed";
import { ReferenceStep, type ReferenceValues } from "./reference-step";
import type { PurchaseAnswer } from "./sale-answer";
import { OpenSale, SaleNotice } from "./sale-stage";
import { useSale } from "./use-sale";
import { useScannerKeys } from "./use-scanner-keys";
import { rememberChoice, rememberedHere } from "./remember-choice";
import { TokensWhileSlipLoads } from "./tokens-while-slip-loads";

interface Confirmed {
  municipality: string;
}

type ActionAnswer<T> =
  { ok: true; data: T } | { ok: false; error: string; fieldErrors?: Record<string, string> };

export interface PurchaseValues {
  amount: string;
  method: "cash" | "card";
}

export interface MunicipalPurchase extends PurchaseValues {
  reference: string;
  municipality: string;
  idempotencyKey: string;
  sellAgain?: boolean;
}

/** What differs between a prepaid electricity sale and a bill payment: everything else is this form. */
export interface MunicipalFormConfig<V extends Confirmed> {
  form: "electricity" | "bill";
  heading: string;
  /** The number's input id and field name on the server: "meterNumber" or "accountNumber". */
  field: string;
  label: string;
  confirmLabel: string;
  buyLabel: string;
  buyingLabel: string;
  municipalities: readonly { value: string; name: string }[];
  cookie: string;
  /** The shared zod/mini schemas (`schemaResolver`): the number and municipality, then amount and method. */
  referenceResolver: Resolver<ReferenceValues>;
  purchaseResolver: Resolver<PurchaseValues>;
  numberOf(view: V): string;
  /** The name the customer checks on the display facing them before paying. */
  ownerOf(view: V): string | null;
  /** The amount against what Confirm said (range, must be more than zero). */
  checkAmount(text: string, view: V): { ok: true } | { ok: false; message: string };
  quickCents(view: V): readonly number[];
  /** What the amount field starts with once confirmed (a bill's amount due). */
  initialCents(view: V): number | null;
  Details(props: { view: V }): React.ReactNode;
  confirm(input: ReferenceValues): Promise<ActionAnswer<V>>;
  purchase(input: MunicipalPurchase): Promise<PurchaseAnswer>;
  retry(saleId: string): Promise<ActionAnswer<SaleView>>;
}

/** A municipal sale at the counter: confirm the number, take the amount, buy. Keyboard first. */
export function MunicipalSaleForm<V extends Confirmed>({
  kind,
  initialMunicipality,
}: {
  kind: MunicipalFormConfig<V>;
  initialMunicipality: string;
}) {
  const [view, setView] = useState<V | null>(null);
  const [moved, setMoved] = useState<{ from: string; to: string } | null>(null);
  // The browser's own remembered choice first: a prefetched form may predate the last sale.
  const [startMunicipality] = useState(
    () =>
      rememberedHere(
        kind.cookie,
        kind.municipalities.map((m) => m.value),
      ) ?? initialMunicipality,
  );
  const sale = useSale<
    Omit<MunicipalPurchase, "idempotencyKey" | "sellAgain">,
    { view: V | null; number: string }
  >(kind.form, kind.purchase, {
    screen: () => ({ view, number }),
    // After an upgrade's reload the form comes back as the cashier left it while the kept
    // sale goes again: the confirmed number and the amount.
    restore: (input, kept) => {
      if (!kept.view) return;
      reference.reset({ number: kept.number, municipality: kept.view.municipality });
      buy.reset({ amount: input.amount, method: input.method });
      setView(kept.view);
    },
  });
  const reference = useForm<ReferenceValues>({
    resolver: kind.referenceResolver,
    defaultValues: { number: "", municipality: startMunicipality },
  });
  const buy = useForm<PurchaseValues>({
    resolver: kind.purchaseResolver,
    defaultValues: { amount: "", method: "cash" },
  });
  const purchaseButton = useRef<HTMLButtonElement>(null);
  const amount = useWatch({ control: buy.control, name: "amount" });
  const method = useWatch({ control: buy.control, name: "method" });
  const number = useWatch({ control: reference.control, name: "number" });
  const chosenMunicipality = useWatch({ control: reference.control, name: "municipality" });
  const amountCents = amount ? parseRandInput(amount) : null;
  const nameOf = (value: string) =>
    kind.municipalities.find((m) => m.value === value)?.name ?? value;

  // The display facing the customer: what they are about to pay for, before Purchase.
  useEffect(() => {
    if (!view) return restCustomerDisplay();
    showOnCustomerDisplay({
      show: "confirm",
      what: kind.heading,
      reference: kind.numberOf(view),
      referenceLabel: kind.label,
      ownerName: kind.ownerOf(view),
      amountCents,
    });
  }, [view, amountCents, kind]);

  // A confirmed number: the next keystroke is the amount (a bill's amount due is selected to overtype).
  useEffect(() => {
    if (view) buy.setFocus("amount", { shouldSelect: true });
  }, [view, buy]);

  // A refused number is selected: the next keystrokes retype it instead of landing after it.
  const retypeNumber = () => reference.setFocus("number", { shouldSelect: true });
  const confirm = reference.handleSubmit(
    async (values) => {
      setMoved(null);
      const result = await kind.confirm(values);
      if (!result.ok) {
        // Kassa could not find the municipality itself: the cashier chooses it.
        const choose = result.fieldErrors?.municipality;
        if (choose) {
          reference.setError("municipality", { message: choose });
          return reference.setFocus("municipality");
        }
        reference.setError("number", { message: result.fieldErrors?.[kind.field] ?? result.error });
        return retypeNumber();
      }
      // Another municipality knew the number: the form takes it, remembers it and says so.
      const found = result.data.municipality;
      if (found !== values.municipality) {
        reference.setValue("municipality", found);
        rememberChoice(kind.cookie, found);
        setMoved({ from: values.municipality, to: found });
      }
      const cents = kind.initialCents(result.data);
      buy.reset({ amount: cents && cents > 0 ? centsToInput(cents) : "", method: "cash" });
      sale.reset();
      setView(result.data);
    },
    (errors) => {
      if (errors.number) retypeNumber();
    },
  );

  const purchase = buy.handleSubmit((values) => {
    if (!view || sale.busy) return;
    const check = kind.checkAmount(values.amount, view);
    if (!check.ok) return buy.setError("amount", { message: check.message });
    sale.submit({ reference: kind.numberOf(view), municipality: view.municipality, ...values });
  });

  // A scanner's Enter or Tab after the number: confirm when the municipality is known, else go to it.
  const scannerKeys = useScannerKeys({
    value: number,
    municipality: chosenMunicipality,
    options: kind.municipalities,
    onMunicipality: (m) => reference.setValue("municipality", m),
    onConfirm: () => void confirm(),
    focusMunicipality: () => reference.setFocus("municipality"),
  });

  const resolve: Resolve = { by: "retry", run: kind.retry };
  if (sale.stage.is === "done") return <TokensWhileSlipLoads sale={sale.stage.sale} />;
  if (sale.occupied) return <OpenSale sale={sale} resolve={resolve} />;

  const refusedFields = sale.stage.is === "refused" ? sale.stage.fieldErrors : {};
  const amountError = buy.formState.errors.amount?.message ?? refusedFields.amount;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-4">
        <ReferenceStep
          heading={kind.heading}
          field={kind.field}
          label={kind.label}
          confirmLabel={kind.confirmLabel}
          municipalities={kind.municipalities}
          cookie={kind.cookie}
          register={reference.register}
          errors={reference.formState.errors}
          busy={reference.formState.isSubmitting}
          onChanged={() => {
            setView(null);
            setMoved(null);
          }}
          note={
            moved &&
            `Found at ${nameOf(moved.to)}: ${nameOf(moved.from)} does not know this ${kind.label.toLowerCase()}.`
          }
          onSubmit={confirm}
          onNumberKeyDown={scannerKeys}
        />
        {/* Counted: Enter moves on to Purchase, as on every sale form. */}
        {view && method === "cash" && (
          <CashTendered amountCents={amountCents} onEnter={() => purchaseButton.current?.focus()} />
        )}
      </div>
      {view && (
        <form
          onSubmit={purchase}
          noValidate
          className="flex max-w-xl flex-col gap-3 rounded-xl bg-white p-4 shadow"
        >
          <kind.Details view={view} />
          <AmountField
            registration={buy.register("amount")}
            error={amountError}
            quickCents={kind.quickCents(view)}
            onQuick={(c) => {
              buy.setValue("amount", centsToInput(c));
              // A quick amount is the amount: the next key (Enter) buys.
              purchaseButton.current?.focus();
            }}
            disabled={sale.busy}
          />
          <MethodField
            registration={buy.register("method")}
            error={buy.formState.errors.method?.message ?? refusedFields.method}
          />
          <SaleNotice sale={sale} fieldsShown={["amount", "method"]} />
          <SubmitButton
            ref={purchaseButton}
            busy={sale.busy}
            busyLabel={kind.buyingLabel}
            large
            aria-describedby="sale-notice"
          >
            {kind.buyLabel}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
