import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { careSaleFor, storyOfMeter } from "@/lib/care/helper";
import { listCareCases } from "@/lib/care/journal";
import { METER_CODE_IDS, METER_CODES } from "@/lib/care/meter-codes";
import { MeterStoryView } from "@/components/care/meter-story-view";
import { MeterSearch, typedMeter } from "@/components/care/meter-search";
import { SevenSegment } from "@/components/care/seven-segment";
import { CarePanel } from "./care-panel";

export const metadata: Metadata = { title: "Token not accepted" };

/**
 * "Token not accepted" at the counter, opened from a sale in History (R, or its button) or by
 * a meter number: the meter's story at every till of the shop (90 days), what its display
 * shows → the next step, the tokens reprinted in order. It sells nothing.
 */
export default async function CarePage({
  searchParams,
}: {
  searchParams: Promise<{ sale?: string; meter?: string }>;
}) {
  const staff = await requirePageRole("cashier");
  const query = await searchParams;
  const { typed, meterNumber: typedNumber } = typedMeter(query.meter);
  let meterNumber = typedNumber;
  let saleId: string | null = null;
  if (query.sale) {
    const sale = /^[0-9a-f-]{36}$/.test(query.sale) ? await careSaleFor(staff, query.sale) : null;
    if (!sale) notFound();
    meterNumber = sale.reference;
    saleId = sale.id;
  }
  const [story, cases] = meterNumber
    ? await Promise.all([storyOfMeter(meterNumber), listCareCases(meterNumber, 20)])
    : [null, []];
  saleId ??= story?.sales[0]?.id ?? null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">
        Token not accepted{meterNumber ? ` — meter ${meterNumber}` : ""}
      </h1>
      <MeterSearch
        typed={typed}
        shown={meterNumber ?? typed}
        action="/care"
        autoFocus={!meterNumber}
      />
      {meterNumber && story && story.sales.length === 0 && (
        <p role="status">No sale of meter {meterNumber} at this shop in the last 90 days.</p>
      )}
      {story && saleId && story.sales.length > 0 && (
        <>
          <div className="flex flex-wrap gap-2">
            <Link
              href={`/care/print?sale=${saleId}`}
              prefetch={false}
              className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-semibold text-white"
            >
              Reprint the tokens in order
            </Link>
          </div>
          <CarePanel
            saleId={saleId}
            meterNumber={story.meterNumber}
            keyChange={story.keyChange !== null}
            codes={METER_CODE_IDS.map((id) => ({
              id,
              picture: <SevenSegment text={METER_CODES[id].shown} />,
              makes: METER_CODES[id].makes,
              meaning: METER_CODES[id].meaning,
            }))}
          />
          <MeterStoryView story={story} cases={cases} />
        </>
      )}
    </div>
  );
}
