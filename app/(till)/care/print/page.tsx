import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { env } from "@/lib/env";
import { careSaleFor, storyOfMeter } from "@/lib/care/helper";
import { KEY_CHANGE_WARNING, FREE_TOKEN_NOTE } from "@/lib/care/key-change-words";
import { municipalityName } from "@/lib/care/next-step";
import { formatSaDateTime } from "@/lib/reports/day";
import { tokenGroups } from "@/lib/slip/tokens";
import { saDateTime } from "@/lib/sa-time";
import { ReprintMark, SlipFrame } from "@/components/slip/slip-frame";
import { PrintButton } from "@/components/reports/print-button";

export const metadata: Metadata = { title: "Tokens in order" };

/**
 * The meter's tokens reprinted in the order to enter them (key-change tokens first), with
 * the tokens bought before the key change marked as not loadable: what the customer takes
 * home after "token not accepted". Always a REPRINT, audited.
 */
export default async function CarePrintPage({
  searchParams,
}: {
  searchParams: Promise<{ sale?: string }>;
}) {
  const staff = await requirePageRole("cashier");
  const { sale: saleId } = await searchParams;
  const sale = saleId && /^[0-9a-f-]{36}$/.test(saleId) ? await careSaleFor(staff, saleId) : null;
  if (!sale) notFound();
  const story = await storyOfMeter(sale.reference);
  await audit(actorOf(staff), "care_tokens_reprinted", sale.id, {
    meterNumber: sale.reference,
    tokens: story.toEnter.length,
    notLoadable: story.beforeKeyChange.length,
  });
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="sr-only">Tokens in order</h1>
      <div className="no-print flex gap-2">
        <PrintButton label="Print" />
        <Link
          href={`/care?sale=${sale.id}`}
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4"
        >
          Back to the helper
        </Link>
      </div>
      <SlipFrame paperWidthMm={staff.till.paperWidthMm}>
        <ReprintMark />
        <p className="text-center font-bold">{env().merchantName}</p>
        <p className="text-center font-bold">Tokens in the order to enter them</p>
        <p>Meter {story.meterNumber}</p>
        {story.municipality && <p>{municipalityName(story.municipality)}</p>}
        <p>Printed {saDateTime(new Date())}</p>
        {story.keyChange && (
          <section data-key-change-warning className="border-2 border-black p-1">
            <p className="font-bold">{KEY_CHANGE_WARNING.title}</p>
            {KEY_CHANGE_WARNING.lines.map((l) => (
              <p key={l}>{l}</p>
            ))}
          </section>
        )}
        <ol aria-label="Tokens in order" className="flex flex-col gap-2">
          {story.toEnter.map((t, i) => (
            <li key={`${t.saleId}-${t.digits}`} className="flex flex-col border border-black p-1">
              <span className="font-bold">
                {i + 1}. {t.label}
                {t.kind === "fbe" ? ` (${FREE_TOKEN_NOTE})` : ""}
              </span>
              <span data-token={t.kind} className="text-center text-[1.35em] font-bold">
                {tokenGroups(t.digits).join(" ")}
              </span>
              <span>Bought {formatSaDateTime(t.at)}</span>
            </li>
          ))}
        </ol>
        {story.beforeKeyChange.length > 0 && (
          <section className="flex flex-col gap-1 border-t border-dashed border-black pt-1">
            <p className="font-bold">WILL NOT LOAD after the key change:</p>
            {story.beforeKeyChange.map((t) => (
              <p key={`${t.saleId}-${t.digits}`} data-flag="not-loadable">
                {tokenGroups(t.digits).join(" ")} (bought {formatSaDateTime(t.at)})
              </p>
            ))}
          </section>
        )}
        <ReprintMark />
      </SlipFrame>
    </div>
  );
}
