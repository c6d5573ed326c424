import { booksOf } from "@/lib/accounting/entries";
import { pastelCsv, sageCsv, xeroCsv } from "@/lib/accounting/journal";
import { accountMapping } from "@/lib/accounting/mapping-store";
import { csvFile, periodOfSearch, refuseUnlessSupervisor } from "@/lib/office/csv-export";

/** A period's books as a Sage Accounting, Sage Pastel or Xero journal import file. The role is checked here. */
export async function GET(request: Request) {
  const refused = await refuseUnlessSupervisor();
  if (refused) return refused;
  const params = new URL(request.url).searchParams;
  const format = params.get("format");
  if (format !== "sage" && format !== "pastel" && format !== "xero")
    return new Response("format is sage, pastel or xero", { status: 400 });
  const { period, error } = periodOfSearch(params);
  if (error) return new Response(error, { status: 400 });
  const books = await booksOf(period);
  const body =
    format === "sage"
      ? sageCsv(books.entries)
      : format === "pastel"
        ? pastelCsv(books.entries, await accountMapping())
        : xeroCsv(books.entries, await accountMapping());
  return csvFile(
    body,
    `kassa-${format}-journal-${period.from}${period.to === period.from ? "" : `-${period.to}`}.csv`,
  );
}
