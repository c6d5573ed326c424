"use client";

import { MunicipalSaleForm, type MunicipalFormConfig } from "@/components/sale/municipal-sale-form";
import { QUICK_AMOUNTS_CENTS } from "@/lib/amount-input";
import {
  BILL_MUNICIPALITY_COOKIE,
  MUNICIPALITY_NAMES,
  POSTPAID_MUNICIPALITIES,
} from "@/lib/municipalities";
import { checkBillAmount } from "@/lib/bills/amount-rules";
import { retrySaleAction } from "@/lib/actions/sale";
import { confirmAccountAction, payBillAction } from "./actions";
import { AccountDetails } from "./account-details";
import { schemaResolver } from "@/components/forms/schema-resolver";
import type { AccountView } from "./schema";

const BILL: MunicipalFormConfig<AccountView> = {
  form: "bill",
  heading: "Municipal account",
  field: "accountNumber",
  label: "Account number",
  confirmLabel: "Confirm account",
  buyLabel: "Pay",
  buyingLabel: "Paying…",
  municipalities: POSTPAID_MUNICIPALITIES.map((m) => ({ value: m, name: MUNICIPALITY_NAMES[m] })),
  cookie: BILL_MUNICIPALITY_COOKIE,
  referenceResolver: schemaResolver(() => import("./schema").then((m) => m.accountReferenceSchema)),
  purchaseResolver: schemaResolver(() => import("./schema").then((m) => m.billPaymentSchema)),
  numberOf: (account) => account.accountNumber,
  ownerOf: (account) => account.name || null,
  checkAmount: (text) => checkBillAmount(text),
  quickCents: () => QUICK_AMOUNTS_CENTS,
  // Most customers pay what is due: offer it, the cashier overtypes otherwise.
  initialCents: (account) => account.amountDueCents,
  Details: ({ view }) => <AccountDetails account={view} />,
  confirm: (input) =>
    confirmAccountAction({ accountNumber: input.number, municipality: input.municipality }),
  purchase: ({ reference, ...rest }) => payBillAction({ accountNumber: reference, ...rest }),
  retry: (saleId) => retrySaleAction({ saleId }),
};

/** A municipal account paid at the counter: confirm the account, take the amount, pay. */
export function PayForm({ initialMunicipality }: { initialMunicipality: string }) {
  return <MunicipalSaleForm kind={BILL} initialMunicipality={initialMunicipality} />;
}
