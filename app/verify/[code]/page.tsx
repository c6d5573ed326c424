import type { Metadata } from "next";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { formatRand } from "@/lib/money";
import { checkSlip, type SlipCheck } from "@/lib/record/slip-check";
import { groupedCode } from "@/lib/record/slip-code";
import { currentSigner } from "@/lib/record/seal-loop";
import { saDateTime } from "@/lib/sa-time";
import { KIND_META } from "@/lib/kinds/meta";
import { PAYMENT_METHOD_LABELS, SALE_STATUS_LABELS } from "@/lib/sales/labels";
import { consume, RateLimited, requestAddress } from "@/lib/security/rate-limit";
import { VerifyFrame } from "../verify-frame";

export const metadata: Metadata = { title: "Slip check", robots: { index: false } };
export const dynamic = "force-dynamic";

/**
 * A slip's QR code opens this page on the customer's phone (no sign-in): does this shop's
 * record hold the slip? It shows what the slip itself shows anyone holding it (when, what,
 * how much, the number masked) and the signed record's word on it; never a token, a PIN, an
 * ID number or a name. Limited per client address, so codes cannot be found by trying.
 */
export default async function SlipCheckPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const limited = await consume("slipCheck", await requestAddress(), { role: "customer" }).then(
    () => null,
    (error: unknown) => {
      if (error instanceof RateLimited) return error;
      throw error;
    },
  );
  if (limited)
    return (
      <VerifyFrame>
        <p role="alert" data-testid="slip-check">
          {limited.message}
        </p>
      </VerifyFrame>
    );
  const config = env();
  const check = await checkSlip(await db(), currentSigner(config), decodeURIComponent(code));
  return (
    <VerifyFrame>
      <Answer check={check} shop={config.merchantName} />
    </VerifyFrame>
  );
}

function Answer({ check, shop }: { check: SlipCheck; shop: string }) {
  if (!check.found)
    return (
      <div role="alert" data-testid="slip-check" data-found="no" className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">Not a slip of this shop</h1>
        <p>
          {check.reason === "not_a_code"
            ? "That is not a slip code: a slip code has 16 letters and digits, like K7Q2-M9XA-3FTR-WP4D."
            : `${shop}'s record holds no slip with this code. Check each character: a code that was changed, or that another shop printed, matches no slip here.`}
        </p>
      </div>
    );
  const record = check.record;
  return (
    <div
      data-testid="slip-check"
      data-found="yes"
      data-record={record.state}
      className="flex flex-col gap-3"
    >
      <h1 className="text-2xl font-bold">
        {record.state === "differs" ? "This slip needs the shop's attention" : `A slip of ${shop}`}
      </h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-600">Code</dt>
        <dd className="font-mono">{groupedCode(check.code)}</dd>
        <dt className="text-slate-600">When</dt>
        <dd>{saDateTime(check.at)}</dd>
        <dt className="text-slate-600">What</dt>
        <dd>{KIND_META[check.kind].label}</dd>
        <dt className="text-slate-600">For</dt>
        <dd className="font-mono">{check.reference}</dd>
        <dt className="text-slate-600">Amount</dt>
        <dd data-testid="slip-check-amount">{formatRand(check.amountCents)}</dd>
        <dt className="text-slate-600">Paid by</dt>
        <dd>{PAYMENT_METHOD_LABELS[check.method]}</dd>
      </dl>
      {check.status !== "completed" && (
        <p role="alert">
          The shop&apos;s record shows this sale as {SALE_STATUS_LABELS[check.status].toLowerCase()}{" "}
          now: ask the shop.
        </p>
      )}
      <p>
        {record.state === "sealed"
          ? `In the shop's signed record (entry ${record.seq}), unchanged since it was sealed.`
          : record.state === "not_sealed"
            ? "In the shop's journal; not sealed in its signed record."
            : `The shop's journal no longer matches its signed record for this sale (entry ${record.seq}): show this page to the shop's owner.`}
      </p>
    </div>
  );
}
