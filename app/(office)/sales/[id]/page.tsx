import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { eq } from "drizzle-orm";
import { requirePageRole } from "@/lib/auth/staff";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db";
import { tills, users } from "@/lib/db/schema";
import { findSale } from "@/lib/sales/journal";
import { formatRand } from "@/lib/money";
import { saDateTime } from "@/lib/sa-time";
import { SlipFrame } from "@/components/slip/slip-frame";
import { SlipBody } from "@/components/slip/slip-body";
import { SendButton } from "@/components/care/send-button";
import { SendsList } from "@/components/care/sends-list";
import { sendMessageFor } from "@/lib/care/message";
import { sendsOfSales } from "@/lib/care/journal";

export const metadata: Metadata = { title: "Sale" };

/**
 * The supervisor's own view of any sale: who sold it at which till, its state, its slip
 * when completed, and every answer the core service gave for it (purchase, card order,
 * payment checks) as received. Every opening is audited (tokens and voucher PINs are on it).
 */
export default async function OfficeSalePage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await requirePageRole("supervisor");
  const { id } = await params;
  const sale = /^[0-9a-f-]{36}$/.test(id) ? await findSale(id) : undefined;
  if (!sale) notFound();
  await audit(actorOf(staff), "slip_viewed", sale.id, { kind: sale.kind, status: sale.status });
  const sends = (await sendsOfSales([sale.id])).get(sale.id) ?? [];
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
      {sale.status === "completed" && sendMessageFor(sale, "") && (
        <section aria-label="Send to the customer" className="flex flex-col gap-1">
          <SendButton saleId={sale.id} />
          <SendsList sends={sends} />
        </section>
      )}
      {sale.status === "completed" && (
        <SlipFrame paperWidthMm={80}>
          <SlipBody sale={sale} />
        </SlipFrame>
      )}
      <section aria-labelledby="raw-answers" className="flex flex-col gap-2">
        <h2 id="raw-answers" className="text-xl font-semibold">
          Answers of the core service
        </h2>
        {(sale.rawAnswers ?? []).length === 0 ? (
          <p>No call of this sale reached the core service.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {(sale.rawAnswers ?? []).map((answer, index) => (
              <li key={index} data-testid="raw-answer" className="rounded border bg-white p-2">
                <details>
                  <summary className="min-h-11 cursor-pointer">
                    {answer.operation} · {saDateTime(new Date(answer.at))} ·{" "}
                    {answer.status === null ? "no answer" : `HTTP ${answer.status}`}
                    {answer.failure ? ` (${answer.failure})` : ""}
                    {answer.body !== null ? ` · ${answer.body.length} characters` : ""}
                  </summary>
                  {answer.body !== null && (
                    <pre className="max-h-96 overflow-auto text-xs break-all whitespace-pre-wrap">
                      {answer.body}
                    </pre>
                  )}
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
      <Link href="/audit" className="underline">
        Audit log
      </Link>
    </div>
  );
}
