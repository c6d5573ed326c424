import "server-only";
import { AccessDenied, requireRole } from "@/lib/auth/staff";
import { periodFromQuery } from "@/lib/reports/period-query";

/**
 * What the office's CSV exports share: a route handler checks the role itself (the office
 * layout does not run for it), reads a period from its query, and answers a file.
 */

/** A supervisor's request goes on (null); anyone else gets 403. */
export async function refuseUnlessSupervisor(): Promise<Response | null> {
  try {
    await requireRole("supervisor");
    return null;
  } catch (error) {
    if (error instanceof AccessDenied) return new Response(error.message, { status: 403 });
    throw error;
  }
}

/** The period of `?period=&day=&to=` (a day by default), or what is wrong with it. */
export function periodOfSearch(params: URLSearchParams) {
  return periodFromQuery(
    {
      period: params.get("period") ?? undefined,
      day: params.get("day") ?? undefined,
      to: params.get("to") ?? undefined,
    },
    "day",
  );
}

/** A CSV file to download; `filename` is built from checked values only, never free text. */
export function csvFile(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}
