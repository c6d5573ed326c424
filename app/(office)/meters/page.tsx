import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { listCareCases } from "@/lib/care/journal";
import { storyOfMeter } from "@/lib/care/helper";
import { CaseTable, MeterStoryView } from "@/components/care/meter-story-view";

export const metadata: Metadata = { title: "Meters and token cases" };
export const dynamic = "force-dynamic";

const METER = /^\d{11,13}$/;

/**
 * The supervisor's list of "token not accepted" cases (what the meter showed, the step Kassa
 * gave, who helped), and one meter's story across every till of the shop for 90 days.
 */
export default async function MetersPage({
  searchParams,
}: {
  searchParams: Promise<{ meter?: string }>;
}) {
  await requirePageRole("supervisor");
  const typed = ((await searchParams).meter ?? "").replace(/[\s-]/g, "").slice(0, 20);
  const meterNumber = METER.test(typed) ? typed : null;
  const [story, cases] = await Promise.all([
    meterNumber ? storyOfMeter(meterNumber) : null,
    listCareCases(meterNumber, 100),
  ]);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Meters and token cases</h1>
      <form role="search" className="flex items-end gap-2">
        <label className="flex flex-col gap-1">
          <span className="font-medium">Meter number</span>
          <input
            name="meter"
            defaultValue={typed}
            inputMode="numeric"
            aria-describedby="meter-note"
            className="min-h-11 rounded border border-slate-400 px-3 py-2 font-mono"
          />
        </label>
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
        >
          Find the meter
        </button>
        <span id="meter-note" aria-live="polite" className="text-danger">
          {typed && !meterNumber ? "A meter number has 11 or 13 digits." : ""}
        </span>
      </form>
      {story ? (
        story.sales.length === 0 ? (
          <p role="status">No sale of meter {story.meterNumber} in the last 90 days.</p>
        ) : (
          <MeterStoryView story={story} cases={cases} />
        )
      ) : (
        <section aria-labelledby="latest-cases" className="flex flex-col gap-2">
          <h2 id="latest-cases" className="text-xl font-semibold">
            Latest cases: token not accepted
          </h2>
          {cases.length === 0 ? <p>No case recorded yet.</p> : <CaseTable cases={cases} />}
        </section>
      )}
    </div>
  );
}
