import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { listTills } from "@/lib/office/till-settings";
import { DataTable } from "@/components/ui/table";

export const metadata: Metadata = { title: "Paper and printing" };
export const dynamic = "force-dynamic";

/** Each till's roll and auto-print at a glance, with a way into its settings. */
export default async function PaperPage() {
  await requirePageRole("supervisor");
  const rows = await listTills();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Paper and printing</h1>
      <DataTable label="Tills" stack>
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col">Till</th>
            <th scope="col">Kind</th>
            <th scope="col">Paper</th>
            <th scope="col">Auto-print</th>
            <th scope="col">
              <span className="sr-only">Settings</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((till) => (
            <tr key={till.id} className="border-b border-slate-200">
              <td data-label="Till">{till.name}</td>
              <td data-label="Kind">{till.kind === "kiosk" ? "Kiosk" : "Counter till"}</td>
              <td data-label="Paper">{till.paperWidthMm} mm</td>
              <td data-label="Auto-print">{till.autoPrint ? "On" : "Off"}</td>
              <td>
                <Link
                  href={`/tills/${encodeURIComponent(till.id)}/settings`}
                  className="inline-flex min-h-11 items-center underline"
                >
                  Change {till.name}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}
