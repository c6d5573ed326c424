import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { eq } from "drizzle-orm";
import { requirePageRole } from "@/lib/auth/staff";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db";
import { tills, users, type Sale } from "@/lib/db/schema";
import { findSale } from "@/lib/sales/journal";
import { formatRand } from "@/lib/money";
import { saDateTime } from "@/lib/sa-time";
import { FinesSlipBody } from "@/components/slip/fines-slip";
import { ElectricitySlip } from "@/components/slip/electricity-slip";
import { BillSlip } from "@/components/slip/bill-slip";
import { VasSlip } from "@/components/slip/vas-slip";
import { MerchantLines } from "@/components/slip/slip-header";
import { SlipFrame } from "@/components/slip/slip-frame";

export const metadata: Metadata = { title: "Sale" };

function slipBody(sale: Sale) {
  switch (sale.kind) {
    case "electricity":
      return <ElectricitySlip sale={sale} />;
    case "bill":
      return <BillSlip sale={sale} />;
    case "fines":
      return (
        <>
          <MerchantLines />
          <FinesSlipBody sale={sale} />
        </>
      );
    case "vas":
      return (
        <>
          <MerchantLines />
          <VasSlip sale={sale} />
        </>
      );
    default:
      return null;
  }
}

/**
 * The supervisor's own view of any sale: who sold it at which till, its state, and its slip
 * when completed. Every opening is audited (tokens and voucher PINs are on it).
 */
export default async function OfficeSalePage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await requirePageRole("supervisor");
  const { id } = await params;
  const sale = /^[0-9a-f-]{36}$/.test(id) ? await findSale(id) : undefined;
  if (!sale) notFound();
  await audit(actorOf(staff), "slip_viewed", sale.id, { kind: sale.kind, status: sale.status });
  const database = await db();
  const [who] = await database
    .select({ cashier: users.displayName, till: tills.name })
    .from(users)
    .innerJoin(tills, eq(tills.id, sale.tillId))
    .where(eq(users.id, sale.userId))
    .limit(1);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Sale {sale.id.slice(0, 8)}</h1>
      <dl className="grid max-w-xl grid-cols-2 gap-1">
        <dt>Sold by</dt>
        <dd data-testid="sale-cashier">{who?.cashier ?? "?"}</dd>
        <dt>Till</dt>
        <dd>{who?.till ?? sale.tillId}</dd>
        <dt>When</dt>
        <dd>{saDateTime(sale.createdAt)}</dd>
        <dt>Amount</dt>
        <dd>{formatRand(sale.amountCents)}</dd>
        <dt>Status</dt>
        <dd data-testid="sale-status">{sale.status}</dd>
      </dl>
      {sale.status === "completed" && slipBody(sale) && (
        <SlipFrame paperWidthMm={80}>{slipBody(sale)}</SlipFrame>
      )}
      <Link href="/audit" className="underline">
        Audit log
      </Link>
    </div>
  );
}
