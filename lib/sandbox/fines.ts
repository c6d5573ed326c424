/** Traffic fines: the three look-ups, ValidateMarkTrafficFinesAsPaid and MarkTrafficFineAsPaid, in the traffic envelope. */
import { z } from "zod";
import {
  FINES,
  FINE_MESSAGES,
  ID_SERVICE_FAULTS,
  INFRINGERS,
  VENDOR_FEE_CENTS,
  type Fine,
} from "./data-fines";
import { luhnValid } from "./luhn";
import type { SandboxState } from "./state";
import { json, rands, wireCents, type Ctx, type Reply } from "./wire";

type WithReference = { reference?: string };

function fineError(
  code: number,
  extra: WithReference = {},
  validationMessage: string[] | null = null,
): Reply {
  // Only "service unavailable" comes with a 5xx; every other code is a refusal the client can show.
  return json(code === 2 ? 503 : 400, {
    success: 0,
    result: null,
    ...extra,
    error: { code, message: FINE_MESSAGES[code] ?? "Error", validationMessage },
  });
}

const invalid = (messages: string[], extra: WithReference = {}) => fineError(23, extra, messages);

/** The registry's own ID checks, in the order that makes each error code reachable. */
export function idNumberCode(idNumber: string): number | null {
  if (!/^\d+$/.test(idNumber)) return 6;
  if (idNumber.length !== 13) return 5;
  if (!luhnValid(idNumber)) return 7;
  const yy = Number(idNumber.slice(0, 2));
  const month = Number(idNumber.slice(2, 4));
  const day = Number(idNumber.slice(4, 6));
  const year = yy + (yy > new Date().getFullYear() % 100 ? 1900 : 2000);
  const born = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || born.getUTCDate() !== day || born.getUTCMonth() !== month - 1)
    return 5;
  if (!"012".includes(idNumber[10] ?? "")) return 5;
  return null;
}

const isPaid = (state: SandboxState, fine: Fine) =>
  fine.paidAtSeed || state.paidNotices.has(fine.noticeNumber);
const grossCents = (fine: Fine) => fine.netCents + VENDOR_FEE_CENTS;
/** What validate and mark-paid expect: the look-up's gross plus any penalty the look-up does not show. */
const dueCents = (fine: Fine) => grossCents(fine) + (fine.penaltyCents ?? 0);
const normaliseNotice = (n: string) => n.replace(/[\s\-/]/g, "");

function infringement(state: SandboxState, fine: Fine) {
  return {
    vehicleLicenseNumber: fine.vehicleLicenseNumber,
    noticeNumber: fine.noticeNumber,
    charge: fine.charge,
    date: fine.date,
    time: fine.time,
    location: fine.location,
    netFineAmnt: rands(fine.netCents),
    vendorFeeAmnt: rands(VENDOR_FEE_CENTS),
    grossAmnt: rands(grossCents(fine)),
    isPaid: isPaid(state, fine),
    // The registry's notice status behind refusals 14 (status 10, court case) and 18 (status 13, partly paid).
    ...(fine.blockCode === 14 ? { status: 10 } : {}),
    ...(fine.blockCode === 18 ? { status: 13 } : {}),
  };
}

function summary(state: SandboxState, fines: Fine[]) {
  const open = fines.filter((x) => !isPaid(state, x));
  const net = open.reduce((s, x) => s + x.netCents, 0);
  return {
    hasFinesToPay: open.length > 0,
    netFinesAmnt: rands(net),
    vendorFeeAmnt: rands(open.length * VENDOR_FEE_CENTS),
    grossAmnt: rands(net + open.length * VENDOR_FEE_CENTS),
    infringements: fines.map((x) => infringement(state, x)),
  };
}

function finesOf(notices: string[]): Fine[] {
  return notices
    .map((n) => FINES.find((x) => x.noticeNumber === n))
    .filter((x): x is Fine => x !== undefined);
}

const success = (result: unknown, extra: Record<string, unknown> = {}) =>
  json(200, { success: 1, ...extra, result, error: null });

export function viewByIdNumber(ctx: Ctx): Reply {
  const parsed = z.object({ idNumber: z.string().trim().min(1) }).safeParse(ctx.body);
  if (!parsed.success) return invalid(["idNumber is required"]);
  const idNumber = parsed.data.idNumber.replace(/\s/g, "");
  const code = idNumberCode(idNumber) ?? ID_SERVICE_FAULTS[idNumber];
  if (code) return fineError(code);
  const who = INFRINGERS.find((p) => p.kind === "person" && p.id === idNumber);
  if (!who) return fineError(8);
  if (who.notices.length === 0) return fineError(9);
  return success({ idNumber, ...summary(ctx.state, finesOf(who.notices)) });
}

export function viewByBusinessRegistration(ctx: Ctx): Reply {
  const parsed = z.object({ registrationNumber: z.string().trim().min(1) }).safeParse(ctx.body);
  if (!parsed.success) return invalid(["registrationNumber is required"]);
  const reg = parsed.data.registrationNumber.replace(/\s/g, "");
  if (!/^\d{4}\/\d{6}\/\d{2}$/.test(reg)) return fineError(5);
  const who = INFRINGERS.find((p) => p.kind === "business" && p.id === reg);
  if (!who) return fineError(8);
  if (who.notices.length === 0) return fineError(9);
  // Assumption (docs/upstream-assumptions.md): the business answer is a QueryByIdNumberResult with the registration in idNumber.
  return success({ idNumber: reg, ...summary(ctx.state, finesOf(who.notices)) });
}

/** null when the notice number is well formed, else the error to answer. */
function noticeFormatError(notice: string, extra: WithReference = {}): Reply | null {
  if (!/^\d{16}$/.test(notice)) return invalid([`noticeNumber ${notice} must be 16 digits`], extra);
  if (!luhnValid(notice)) return fineError(10, extra);
  return null;
}

export function viewByNoticeNumber(ctx: Ctx): Reply {
  const parsed = z.object({ noticeNumber: z.string().trim().min(1) }).safeParse(ctx.body);
  if (!parsed.success) return invalid(["noticeNumber is required"]);
  const notice = normaliseNotice(parsed.data.noticeNumber);
  const formatError = noticeFormatError(notice);
  if (formatError) return formatError;
  const fine = FINES.find((x) => x.noticeNumber === notice);
  if (!fine) return fineError(12);
  if (fine.blockCode === 11) return fineError(11);
  return success({ noticeNumber: notice, ...summary(ctx.state, [fine]) });
}

const paymentSchema = z.object({
  paymentReference: z.string().trim().min(1),
  paymentType: z.string().trim().min(1),
  finesPaid: z
    .array(
      z.object({
        noticeNumber: z.string().trim().min(1),
        amount: z.number(),
        currency: z.string(),
      }),
    )
    .min(1),
});
type PaymentRequest = z.infer<typeof paymentSchema>;

/** The checks validate and mark-paid share; returns the fines in request order or the error to answer. */
function checkPayment(
  ctx: Ctx,
): { req: PaymentRequest; fines: Fine[]; ref: WithReference } | { error: Reply } {
  const raw = ctx.body as { paymentReference?: unknown } | null;
  const ref = { reference: typeof raw?.paymentReference === "string" ? raw.paymentReference : "" };
  const parsed = paymentSchema.safeParse(ctx.body);
  if (!parsed.success)
    return {
      error: invalid(
        parsed.error.issues.map((i) => `${i.path.map(String).join(".") || "body"}: ${i.message}`),
        ref,
      ),
    };
  const req = parsed.data;
  const messages: string[] = [];
  const fines: Fine[] = [];
  const seen = new Set<string>();
  for (const [i, item] of req.finesPaid.entries()) {
    const notice = normaliseNotice(item.noticeNumber);
    const formatError = noticeFormatError(notice, ref);
    if (formatError) return { error: formatError };
    const fine = FINES.find((x) => x.noticeNumber === notice);
    if (!fine) return { error: fineError(13, ref) };
    if (fine.blockCode) return { error: fineError(fine.blockCode, ref) };
    if (item.currency !== "ZAR") messages.push(`finesPaid.${i}.currency must be ZAR`);
    if (wireCents(item.amount) === null)
      messages.push(`finesPaid.${i}.amount must be rands with at most two decimals`);
    if (seen.has(notice)) messages.push(`notice ${notice} is listed twice`);
    if (isPaid(ctx.state, fine)) messages.push(`notice ${notice} is already paid`);
    seen.add(notice);
    fines.push(fine);
  }
  if (messages.length > 0) return { error: invalid(messages, ref) };
  return { req, fines, ref };
}

export function validateFinesPayment(ctx: Ctx): Reply {
  const checked = checkPayment(ctx);
  if ("error" in checked) return checked.error;
  const proposed = checked.req.finesPaid.reduce((s, x) => s + (wireCents(x.amount) ?? 0), 0);
  const correct = checked.fines.reduce((s, x) => s + dueCents(x), 0);
  return success(
    {
      amntToPay: rands(correct),
      difference: rands(proposed - correct),
      isCorrectAmount: proposed === correct,
    },
    { amntProposed: rands(proposed), reference: checked.ref.reference },
  );
}

export function markFinesPaid(ctx: Ctx): Reply {
  const checked = checkPayment(ctx);
  if ("error" in checked) return checked.error;
  const { req, fines, ref } = checked;
  const wrong = req.finesPaid.flatMap((x, i) => {
    const fine = fines[i];
    return fine && wireCents(x.amount) !== dueCents(fine)
      ? [`finesPaid.${i}.amount must be the fine's grossAmnt ${rands(dueCents(fine)).toFixed(2)}`]
      : [];
  });
  if (wrong.length > 0) return invalid(wrong, ref);
  const failing = fines.find((x) => x.failOnPay);
  if (failing?.failOnPay) return fineError(failing.failOnPay, ref);

  const state = ctx.state;
  const orderId = `TFO${state.next()}`;
  const finesPaid = fines.map((fine) => {
    const numbers = { invoiceNumber: `RI${state.next()}`, receiptNumber: `RR${state.next()}` };
    state.paidNotices.set(fine.noticeNumber, numbers);
    return {
      noticeNumber: fine.noticeNumber,
      ...numbers,
      netFinesAmntPaid: rands(fine.netCents),
      vendorFeeAmntPaid: rands(VENDOR_FEE_CENTS),
      grossAmntPaid: rands(grossCents(fine)),
    };
  });
  const net = fines.reduce((s, x) => s + x.netCents, 0);
  const fee = fines.length * VENDOR_FEE_CENTS;
  state.record({
    kind: "fines",
    path: ctx.path,
    idempotency: null,
    reference: req.paymentReference,
    amountCents: net + fee,
    service: { type: "traffic_fines", spec: "traffic_fines" },
    meterNumber: null,
    receipt: orderId,
  });
  return success(
    {
      orderId,
      grossAmntPaid: rands(net + fee),
      netFinesAmntPaid: rands(net),
      vendorFeeAmntPaid: rands(fee),
      merchantFeePaid: 0,
      finesPaid,
    },
    { reference: ref.reference },
  );
}
