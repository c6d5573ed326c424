import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { formatRand } from "@/lib/money";
import { saTime } from "@/lib/sa-time";
import { Tiles, type Tile } from "@/components/shell/tiles";
import dynamic from "next/dynamic";
import { KIND_META, KINDS } from "@/lib/kinds/meta";
import Link from "next/link";
import { headers } from "next/headers";
import { earlyTileKeysScript } from "@/components/shell/tile-keys-early";
import { Warning } from "@/components/ui/warning";

export const metadata: Metadata = { title: "Till" };

// Once a shift, before the first sale: its form (react-hook-form) is not sent with the tiles.
const OpenShiftForm = dynamic(() =>
  import("../shift/open-shift-form").then((m) => m.OpenShiftForm),
);

/** A tile per form part of each kind of sale, in the kinds' order, then History. */
const TILES: Tile[] = [
  ...KINDS.flatMap((kind) =>
    KIND_META[kind].tiles.map((t) => ({
      href: `${KIND_META[kind].path}${t.query}`,
      label: t.label,
      shortcut: t.shortcut,
      hint: t.hint,
      ready: true,
      prefetch: true,
    })),
  ),
  {
    href: "/history",
    label: "History",
    shortcut: "H",
    hint: "This shift's sales, reprints",
    ready: true,
    prefetch: false,
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
      {refused && <Warning>That page is for supervisors only.</Warning>}
      {shift ? (
        <>
          <h1 className="sr-only">Till</h1>
          <p className="text-slate-700">
            Shift open since {saTime(shift.openedAt)} with a float of{" "}
            {formatRand(shift.openingFloatCents)}.
          </p>
          {/* Before the tiles: a tile key pressed before the page hydrates is kept, even when
              the tiles are on screen before the rest of the page has arrived (a slow server
              sends the page in pieces, and the browser shows each as it comes). */}
          <script
            suppressHydrationWarning
            nonce={(await headers()).get("x-nonce") ?? undefined}
            dangerouslySetInnerHTML={{ __html: earlyTileKeysScript(TILES, "/till") }}
          />
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
