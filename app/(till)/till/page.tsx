import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { formatRand } from "@/lib/money";
import { saTime } from "@/lib/sa-time";
import { Tiles, type Tile } from "@/components/shell/tiles";
import { OpenShiftForm } from "../shift/open-shift-form";
import { LiveLowBalance } from "@/components/till/live-low-balance";
import { balanceNow } from "@/lib/office/balance-now";
import { KIND_META, KINDS } from "@/lib/sales/kinds/meta";
import Link from "next/link";

export const metadata: Metadata = { title: "Till" };

/** A tile per form part of each kind of sale, in the kinds' order, then History. */
const TILES: Tile[] = [
  ...KINDS.flatMap((kind) =>
    KIND_META[kind].tiles.map((t) => ({
      href: `${KIND_META[kind].path}${t.query}`,
      label: t.label,
      shortcut: t.shortcut,
      hint: t.hint,
      ready: true,
    })),
  ),
  {
    href: "/history",
    label: "History",
    shortcut: "H",
    hint: "This shift's sales, reprints",
    ready: true,
  },
];

export default async function TillHome({
  searchParams,
}: {
  searchParams: Promise<{ refused?: string }>;
}) {
  const staff = await requirePageRole("cashier");
  const shift = await currentShift(staff);
  const { refused } = await searchParams;
  return (
    <div className="flex flex-col gap-6">
      {refused && (
        <p role="alert" className="rounded bg-amber-100 p-3 text-amber-900">
          That page is for supervisors only.
        </p>
      )}
      <LiveLowBalance initial={await balanceNow()} />
      {shift ? (
        <>
          <h1 className="sr-only">Till</h1>
          <p className="text-slate-700">
            Shift open since {saTime(shift.openedAt)} with a float of{" "}
            {formatRand(shift.openingFloatCents)}.
          </p>
          <Tiles tiles={TILES} />
          <p className="flex flex-wrap gap-4">
            <Link href="/shift/x" className="inline-flex min-h-11 items-center underline">
              X report
            </Link>
            <Link href="/shift/close" className="inline-flex min-h-11 items-center underline">
              Close shift
            </Link>
          </p>
        </>
      ) : (
        <OpenShiftForm />
      )}
    </div>
  );
}
