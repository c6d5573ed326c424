import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { findTill } from "@/lib/office/till-settings";
import { TillSettingsForm } from "./settings-form";
import { OpenDrawerForm } from "./open-drawer-form";

export const metadata: Metadata = { title: "Till settings" };
export const dynamic = "force-dynamic";

/** One till's paper and printing. Every till belongs to the one merchant its supervisors run. */
export default async function TillSettingsPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageRole("supervisor");
  const { id } = await params;
  const till = await findTill(decodeURIComponent(id));
  if (!till) notFound();
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Link href="/paper" className="underline">
          All tills
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{till.name}: paper and printing</h1>
      <TillSettingsForm
        tillId={till.id}
        initial={{
          paperWidthMm: till.paperWidthMm >= 80 ? "80" : "58",
          autoPrint: till.autoPrint,
          printerConnection: till.printerConnection,
          printerHost: till.printerHost ?? "",
          printerPort: till.printerPort ? String(till.printerPort) : "",
          printerAnswersStatus: till.printerAnswersStatus,
        }}
      />
      {till.kind === "counter" && till.printerConnection !== "browser" && (
        <section aria-labelledby="drawer-heading" className="flex flex-col gap-2">
          <h2 id="drawer-heading" className="text-xl font-semibold">
            Cash drawer
          </h2>
          <OpenDrawerForm tillId={till.id} />
        </section>
      )}
    </div>
  );
}
