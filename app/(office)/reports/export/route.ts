import { csvFile, periodOfSearch, refuseUnlessSupervisor } from "@/lib/office/csv-export";
import { periodReport } from "@/lib/reports/period-report";
import { reportCsv } from "@/lib/reports/report-csv";

/** A period report as CSV. A route handler checks the role itself: the office layout does not run here. */
export async function GET(request: Request) {
  const refused = await refuseUnlessSupervisor();
  if (refused) return refused;
  const { period, error } = periodOfSearch(new URL(request.url).searchParams);
  if (error) return new Response(error, { status: 400 });
  const report = await periodReport(period);
  return csvFile(
    reportCsv({
      label: period.label,
      beforeLabel: report.before.label,
      now: report.now,
      previous: report.previous,
    }),
    // Checked South African dates only, never free text.
    `kassa-report-${period.from}-${period.to}.csv`,
  );
}
