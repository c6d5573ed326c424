import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { listCareCases } from "@/lib/care/journal";
import { storyOfMeter } from "@/lib/care/helper";
import { CaseTable, MeterStoryView } from "@/components/care/meter-story-view";
import { MeterSearch, typedMeter } from "@/components/care/meter-search";

export const metadata: Metadata = { title: "Meters and token cases" };
export const dynamic = "force-dynamic";

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
  const { typed, meterNumber } = typedMeter((await searchParams).meter);
  const [story, cases] = await Promise.all([
    meterNumber ? storyOfMeter(meterNumber) : null,
    listCareCases(meterNumber, 100),
  ]);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Meters and token cases</h1>
      <MeterSearch typed={typed} />
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
