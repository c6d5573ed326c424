/** POST /v2/Electricity/ConfirmCustomer and /v2/Electricity/Purchase (prepaid vends; postpaid goes to bills.ts). */
import { z } from "zod";
import { formatRand } from "../money";
import { findMeter, isPostpaid, isPrepaid, TARIFFS, type Meter } from "./data-meters";
import { confirmAccountAsElectricity, payBill, purchaseFields } from "./bills";
import { slipDate } from "./time";
import { computeVend, groupsOfFour, type Vend } from "./vend";
import {
  ERR,
  fail,
  invalidRequest,
  ok,
  rands,
  amountRefusal,
  purchaseCents,
  purchaseDetails,
  type Ctx,
  type Reply,
} from "./wire";

const MUNICIPAL_VAT_NO: Record<string, number> = {
  tshwane_prepaid: 4140186780,
  zeerust_prepaid: 4300174121,
  mogale_prepaid: 4510110472,
  ngwathe_prepaid: 4250199353,
};

const RECEIPT_PREFIX: Record<string, string> = {
  tshwane_prepaid: "TSW",
  zeerust_prepaid: "ZRS",
  mogale_prepaid: "MGL",
  ngwathe_prepaid: "NGW",
};

const confirmSchema = z.object({
  meterNumber: z.string().trim().min(1),
  municipality: z.string().min(1),
});

export const purchaseSchema = confirmSchema.extend(purchaseFields);

export function confirmElectricity(ctx: Ctx): Reply {
  const parsed = confirmSchema.safeParse(ctx.body);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  const { meterNumber, municipality } = parsed.data;
  if (isPostpaid(municipality))
    return confirmAccountAsElectricity(ctx.state, meterNumber, municipality);
  if (!isPrepaid(municipality))
    return fail(ERR.unknownMunicipality, `Unknown municipality ${municipality}`);
  const meter = findMeter(meterNumber, municipality);
  if (!meter) return fail(ERR.notFound, `Meter ${meterNumber} not found for ${municipality}`);
  if (meter.scenario === "blocked")
    return fail(
      ERR.blocked,
      `Meter ${meter.meterNumber} is blocked; the customer must contact the municipality`,
    );
  const tariff = TARIFFS[meter.municipality];
  const keyChange = ctx.state.keyChangeDue(meter);
  const owed = ctx.state.meterOutstanding.get(meter.meterNumber) ?? meter.outstandingCents;
  const fbe =
    meter.scenario === "fbe" ||
    meter.scenario === "key_change_fbe" ||
    meter.scenario === "fbe_only";
  return ok({
    exists: true,
    municipality,
    customer: {
      id: meter.meterNumber,
      meter_number: meter.meterNumber,
      meter_source: municipality,
      name: meter.surname,
      phone_number: meter.phone,
      email: meter.email,
      // The spec says this object varies per municipality; Tshwane adds pocName as its real one does.
      provider_specific: {
        name: meter.surname,
        firstName: meter.firstName,
        ...(municipality === "tshwane_prepaid"
          ? { pocName: `${meter.firstName} ${meter.surname}` }
          : {}),
        minLimit: meter.minLimit,
        maxLimit: meter.maxLimit,
        tarrifIndex: meter.tariffIndex,
        sgc: tariff.sgc,
        krn: 1,
        keyExpiryNumber: keyChange ? 0 : 255,
        tokenTechnology: 2,
        // What a purchase will pay off first, and whether this month's FBE is still to collect.
        ...(meter.scenario === "arrears" ? { arrears: rands(owed) } : {}),
        ...(meter.scenario === "fixed_charges" ? { fixedCharges: rands(owed) } : {}),
        ...(fbe ? { fbeDue: true } : {}),
      },
    },
  });
}

export function purchaseElectricity(ctx: Ctx): Reply {
  const parsed = purchaseSchema.safeParse(ctx.body);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  const req = parsed.data;
  const key = req.idempotency ?? null;
  const first = key ? ctx.state.idempotent.get(key) : undefined;
  if (first !== undefined) return ok(first);
  if (isPostpaid(req.municipality))
    return payBill(ctx, { ...req, accountNumber: req.meterNumber, municipality: req.municipality });
  if (!isPrepaid(req.municipality))
    return fail(ERR.unknownMunicipality, `Unknown municipality ${req.municipality}`);
  const amountCents = purchaseCents(req.amount);
  if (typeof amountCents !== "number") return amountCents;
  const meter = findMeter(req.meterNumber, req.municipality);
  if (!meter)
    return fail(ERR.notFound, `Meter ${req.meterNumber} not found for ${req.municipality}`);
  if (meter.scenario === "blocked")
    return fail(
      ERR.blocked,
      `Meter ${meter.meterNumber} is blocked; the customer must contact the municipality`,
    );
  const refusal = amountRefusal(
    amountCents,
    { min: meter.minLimit, max: meter.maxLimit, of: " for this meter" },
    ctx.state.balanceCents,
  );
  if (refusal) return refusal;

  const state = ctx.state;
  const seq = state.next();
  const vend = computeVend(
    meter,
    amountCents,
    state.meterOutstanding.get(meter.meterNumber) ?? 0,
    seq,
    state.keyChangeDue(meter),
  );
  const receiptNo = `${RECEIPT_PREFIX[meter.municipality]}${seq}`;
  const txn = state.record({
    kind: "electricity",
    path: ctx.path,
    idempotency: key,
    reference: receiptNo,
    amountCents,
    service: { type: "prepaid_electricity", spec: meter.municipality },
    meterNumber: meter.meterNumber,
    receipt: receiptNo,
    proof: vend.tokens.map((t) => t.token),
  });
  if (meter.outstandingCents > 0)
    state.meterOutstanding.set(meter.meterNumber, vend.outstandingAfterCents);
  const data = vendResult(
    meter,
    amountCents,
    vend,
    receiptNo,
    txn.timestamp,
    state.balanceCents,
    state.keyChangeDue(meter),
  );
  if (key) state.idempotent.set(key, data);
  return ok(data);
}

function vendResult(
  meter: Meter,
  amountCents: number,
  vend: Vend,
  receiptNo: string,
  at: number,
  balanceCents: number,
  keyChange: boolean,
) {
  const tariff = TARIFFS[meter.municipality];
  const fullName = `${meter.firstName} ${meter.surname}`;
  const printable = [
    `${tariff.label.toUpperCase()} PREPAID ELECTRICITY`,
    `Meter: ${meter.meterNumber}  SGC: ${keyChange ? tariff.newSgc : tariff.sgc}  KRN: ${keyChange ? 2 : 1}  TI: ${meter.tariffIndex}`,
    `Customer: ${fullName}`,
    ...vend.tokens.map((t) => `${t.info}: ${groupsOfFour(t.token)}`),
    ...vend.lines.map((l) => `${l.desc}: ${formatRand(l.cents)}`),
    `Total: ${formatRand(amountCents)}  Units: ${vend.units.toFixed(1)} kWh`,
    `Receipt: ${receiptNo}  ${slipDate(at)}`,
  ].join("\n");
  return {
    name: fullName,
    amount: rands(amountCents),
    meter: meter.meterNumber,
    date: slipDate(at),
    timestamp: at,
    token: printable,
    tokenCount: vend.tokens.length,
    units: vend.units,
    receipt: null,
    municipality: meter.municipality,
    mode: 0,
    details: {
      ...purchaseDetails({ amountCents, vatCents: vend.vatCents, receiptNo, at }, balanceCents, {
        desc: "Prepaid electricity",
        message: "Transaction successful",
      }),
      voucher: {
        amounts: vend.lines.map((l) => ({
          desc: l.desc,
          amt: rands(l.cents),
          outstanding: rands(l.outstandingCents),
        })),
        elecamt: rands(vend.electricityCents),
        message: "Enter the tokens in the order printed",
        meterno: meter.meterNumber,
        name: fullName,
        receiptdesc: `${tariff.label} prepaid electricity`,
        receiptno: receiptNo,
        receiver: tariff.label,
        token: vend.tokens,
        units: vend.units,
        vatno: MUNICIPAL_VAT_NO[meter.municipality] ?? 0,
      },
    },
    meterDetails: {
      msno: meter.meterNumber,
      sgc: keyChange ? tariff.newSgc : tariff.sgc,
      krn: keyChange ? 2 : 1,
      ti: meter.tariffIndex,
    },
  };
}
