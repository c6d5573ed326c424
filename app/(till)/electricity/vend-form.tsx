"use client";

import { MunicipalSaleForm, type MunicipalFormConfig } from "@/components/sale/municipal-sale-form";
import { checkAmount, quickAmountsFor } from "@/lib/kinds/electricity/amount-rules";
import {
  MUNICIPALITY_COOKIE,
  MUNICIPALITY_NAMES,
  PREPAID_MUNICIPALITIES,
} from "@/lib/municipalities";
import { retrySaleAction } from "@/lib/actions/sale";
import { KIND_META } from "@/lib/kinds/meta";
import { confirmMeterAction, purchaseElectricityAction } from "./actions";
import { MeterDetails } from "./meter-details";
import { ConfirmNoticesPanel } from "@/app/(till)/electricity/confirm-notices-panel";
import { schemaResolver } from "@/components/forms/schema-resolver";
import type { MeterView } from "./schema";

const ELECTRICITY: MunicipalFormConfig<MeterView> = {
  form: "electricity",
  heading: "Prepaid electricity",
  field: "meterNumber",
  label: "Meter number",
  confirmLabel: "Confirm meter",
  buyLabel: KIND_META.electricity.button.label,
  buyingLabel: KIND_META.electricity.button.busy,
  municipalities: PREPAID_MUNICIPALITIES.map((m) => ({ value: m, name: MUNICIPALITY_NAMES[m] })),
  cookie: MUNICIPALITY_COOKIE,
  referenceResolver: schemaResolver(() => import("./schema").then((m) => m.meterReferenceSchema)),
  purchaseResolver: schemaResolver(() =>
    import("./schema").then((m) => m.electricityPaymentSchema),
  ),
  numberOf: (meter) => meter.meterNumber,
  ownerOf: (meter) => meter.customerName || null,
  checkAmount: (text, meter) => checkAmount(text, meter),
  quickCents: (meter) => quickAmountsFor(meter),
  initialCents: () => null,
  Details: ({ view }) => (
    <>
      <MeterDetails meter={view} />
      <ConfirmNoticesPanel hints={view.hints} />
    </>
  ),
  confirm: (input) =>
    confirmMeterAction({ meterNumber: input.number, municipality: input.municipality }),
  purchase: ({ reference, ...rest }) =>
    purchaseElectricityAction({ meterNumber: reference, ...rest }),
  retry: (saleId) => retrySaleAction({ saleId }),
};

/** Prepaid electricity at the counter: confirm the meter, take the amount, purchase. */
export function VendForm({ initialMunicipality }: { initialMunicipality: string }) {
  return <MunicipalSaleForm kind={ELECTRICITY} initialMunicipality={initialMunicipality} />;
}
