"use client";

import { MunicipalSaleForm, type MunicipalFormConfig } from "@/components/sale/municipal-sale-form";
import { QUICK_AMOUNTS_CENTS } from "@/lib/amount-input";
import {
  BILL_MUNICIPALITY_COOKIE,
  MUNICIPALITY_NAMES,
  POSTPAID_MUNICIPALITIES,
} from "@/lib/municipalities";
import { checkBillAmount } from "@/lib/kinds/bill/amount-rules";
import { outsideRange } from "@/lib/amount-range";
import { retrySaleAction } from "@/lib/actions/sale";
import { KIND_META } from "@/lib/kinds/meta";
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
  buyLabel: KIND_META.bill.button.label,
  buyingLabel: KIND_META.bill.button.busy,
  municipalities: POSTPAID_MUNICIPALITIES.map((m) => ({ value: m, name: MUNICIPALITY_NAMES[m] })),
  cookie: BILL_MUNICIPALITY_COOKIE,
  referenceResolver: schemaResolver(() => import("./schema").then((m) => m.accountReferenceSchema)),
  purchaseResolver: schemaResolver(() => import("./schema").then((m) => m.billPaymentSchema)),
  numberOf: (account) => account.accountNumber,
  ownerOf: (account) => account.name || null,
  checkAmount: (text, account) => checkBillAmount(text, account),
  // Only the notes this account takes.
  quickCents: (account) => QUICK_AMOUNTS_CENTS.filter((c) => !outsideRange(c, account, "account")),
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
