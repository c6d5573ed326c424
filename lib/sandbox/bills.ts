/** Postpaid accounts: /v2/Bills/ConfirmCustomer, /v2/Bills/Purchase, and the receipt page the sandbox serves. */
import { z } from "zod";
import { formatRand } from "../money";
import {
  BILL_MAX_RANDS,
  BILL_MIN_RANDS,
  findAccount,
  isPostpaid,
  type PostpaidMunicipality,
} from "./data-meters";
import type { SandboxState } from "./state";
import { slipDate } from "./time";
import {
  ERR,
  escapeHtml,
  fail,
  invalidRequest,
  html,
  ok,
  rands,
  purchaseCents,
  purchaseDetails,
  amountRefusal,
  type Ctx,
  type Reply,
} from "./wire";

const LABEL: Record<PostpaidMunicipality, string> = {
  tshwane_postpaid: "City of Tshwane",
  mogale_postpaid: "Mogale City",
};

const confirmSchema = z.object({
  accountNumber: z.string().trim().min(1),
  municipality: z.string().min(1),
});
/** What a Purchase carries besides the number and municipality: Bills' and Electricity's alike. */
export const purchaseFields = {
  amount: z.number(),
  method: z.enum(["cash", "card"]),
  idempotency: z.string().min(1).max(200).nullish(),
};
const purchaseSchema = confirmSchema.extend(purchaseFields);

export function confirmBill(ctx: Ctx): Reply {
  const parsed = confirmSchema.safeParse(ctx.body);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  const { accountNumber, municipality } = parsed.data;
  if (!isPostpaid(municipality))
    return fail(ERR.unknownMunicipality, `Unknown bill municipality ${municipality}`);
  const account = findAccount(accountNumber, municipality);
  if (!account) return fail(ERR.notFound, `Account ${accountNumber} not found for ${municipality}`);
  const due = ctx.state.accountDue.get(account.accountNumber) ?? 0;
  return ok({
    exists: true,
    municipality,
    customer: {
      accountNumber: account.accountNumber,
      name: account.name,
      address: account.address,
      amountDue: rands(due),
      dueDate: due > 0 ? account.dueDate : null,
    },
  });
}

/** The Electricity ConfirmCustomer answer for a postpaid municipality: the ElectricityCustomer shape, account as meter. */
export function confirmAccountAsElectricity(
  state: SandboxState,
  accountNumber: string,
  municipality: PostpaidMunicipality,
): Reply {
  const account = findAccount(accountNumber, municipality);
  if (!account) return fail(ERR.notFound, `Account ${accountNumber} not found for ${municipality}`);
  const due = state.accountDue.get(account.accountNumber) ?? 0;
  return ok({
    exists: true,
    municipality,
    customer: {
      id: account.accountNumber,
      meter_number: account.accountNumber,
      meter_source: municipality,
      name: account.name,
      phone_number: null,
      email: null,
      provider_specific: {
        name: account.name,
        amountDue: rands(due),
        minLimit: BILL_MIN_RANDS,
        maxLimit: BILL_MAX_RANDS,
      },
    },
  });
}

export function purchaseBill(ctx: Ctx): Reply {
  const parsed = purchaseSchema.safeParse(ctx.body);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  // The "bills-no-idempotency" dialect: the spec promises idempotency for the electricity purchase only.
  const ignoreKey = ctx.state.dialectOn(ctx.path, "bills-no-idempotency");
  const key = ignoreKey ? null : (parsed.data.idempotency ?? null);
  const first = key ? ctx.state.idempotent.get(key) : undefined;
  if (first !== undefined) return ok(first);
  if (!isPostpaid(parsed.data.municipality))
    return fail(ERR.unknownMunicipality, `Unknown bill municipality ${parsed.data.municipality}`);
  return payBill(ctx, { ...parsed.data, municipality: parsed.data.municipality, idempotency: key });
}

interface BillPayment {
  accountNumber: string;
  municipality: PostpaidMunicipality;
  amount: number;
  idempotency?: string | null;
}

/** Shared by /v2/Bills/Purchase and an Electricity Purchase with a postpaid municipality (mode 1). */
export function payBill(ctx: Ctx, req: BillPayment): Reply {
  const state = ctx.state;
  const amountCents = purchaseCents(req.amount);
  if (typeof amountCents !== "number") return amountCents;
  const account = findAccount(req.accountNumber, req.municipality);
  if (!account)
    return fail(ERR.notFound, `Account ${req.accountNumber} not found for ${req.municipality}`);
  const refusal = amountRefusal(
    amountCents,
    { min: BILL_MIN_RANDS, max: BILL_MAX_RANDS },
    state.balanceCents,
  );
  if (refusal) return refusal;

  const receiptNo = `BIL${state.next()}`;
  const receiptUrl = `${ctx.origin}/receipts/${receiptNo}`;
  const key = req.idempotency ?? null;
  const txn = state.record({
    kind: "bill",
    path: ctx.path,
    idempotency: key,
    reference: receiptNo,
    amountCents,
    service: { type: "postpaid_bill", spec: req.municipality },
    meterNumber: account.accountNumber,
    receipt: receiptUrl,
  });
  // Paying more than is due leaves a credit on the account (a negative amount due).
  const outstandingCents = (state.accountDue.get(account.accountNumber) ?? 0) - amountCents;
  state.accountDue.set(account.accountNumber, outstandingCents);
  const at = txn.timestamp;
  state.billReceipts.set(receiptNo, {
    receiptNo,
    accountNumber: account.accountNumber,
    name: account.name,
    municipality: req.municipality,
    amountCents,
    outstandingCents,
    timestamp: at,
  });
  const data = {
    name: account.name,
    amount: rands(amountCents),
    meter: account.accountNumber,
    date: slipDate(at),
    timestamp: at,
    token: null,
    tokenCount: null,
    units: null,
    receipt: receiptUrl,
    municipality: req.municipality,
    mode: 1,
    details: {
      ...purchaseDetails(
        // Paying an account settles an invoice that already carried VAT: no VAT on the payment itself.
        { amountCents, vatCents: 0, receiptNo, at },
        state.balanceCents,
        { desc: "Postpaid account payment", message: "Payment successful" },
      ),
      voucher: {
        amounts: [
          {
            desc: "Account payment",
            amt: rands(amountCents),
            outstanding: rands(outstandingCents),
          },
        ],
        elecamt: 0,
        message: "Payment received",
        meterno: account.accountNumber,
        name: account.name,
        receiptdesc: `${LABEL[req.municipality]} account payment`,
        receiptno: receiptNo,
        receiver: LABEL[req.municipality],
        token: [],
        units: 0,
        vatno: 0,
      },
    },
    meterDetails: { msno: account.accountNumber, sgc: 0, krn: 0, ti: 0 },
  };
  if (key) state.idempotent.set(key, data);
  return ok(data);
}

/** GET /receipts/<id>: the proof of payment the receipt URL points at. Public, like a real receipt link. */
export function billReceiptPage(ctx: Ctx): Reply {
  const r = ctx.state.billReceipts.get(ctx.params.id ?? "");
  if (!r)
    return html(404, "<!doctype html><title>Receipt not found</title><p>Receipt not found.</p>");
  const label = LABEL[r.municipality as PostpaidMunicipality] ?? r.municipality;
  const row = (k: string, v: string) =>
    `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`;
  return html(
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Receipt ${escapeHtml(r.receiptNo)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto}th{text-align:left;padding-right:1rem}</style></head>
<body><h1>${escapeHtml(label)}: payment received</h1><table>
${row("Receipt", r.receiptNo)}${row("Account", r.accountNumber)}${row("Name", r.name)}${row("Amount", formatRand(r.amountCents))}${row("Outstanding after payment", formatRand(r.outstandingCents))}${row("Date", slipDate(r.timestamp))}
</table><p>Sandbox receipt: no money moved.</p></body></html>`,
  );
}
