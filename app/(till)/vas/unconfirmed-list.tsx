import { formatRand } from "@/lib/money";
import { formatMobileNumber } from "@/lib/vas/mobile";
import type { UnconfirmedVasSale } from "@/lib/vas/unconfirmed";
import { saTime } from "@/lib/sa-time";

/** Sales of this shift the core service never confirmed: kept in sight so nobody sells them twice. */
export function UnconfirmedList({ sales }: { sales: UnconfirmedVasSale[] }) {
  if (sales.length === 0) return null;
  return (
    <section
      aria-labelledby="vas-unconfirmed"
      className="rounded-lg border-2 border-warn bg-amber-50 p-3"
    >
      <h2 id="vas-unconfirmed" className="font-semibold text-warn">
        Not confirmed
      </h2>
      <p className="text-sm text-slate-700">
        The core service did not confirm these sales. Keep the customers&apos; money and do not sell
        them again: a supervisor resolves them from the reconciliation data.
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {sales.map((s) => (
          <li key={s.id} data-testid="vas-unconfirmed-sale" data-sale-id={s.id} className="text-sm">
            {saTime(s.createdAt)} · {s.productName}
            {s.mobileNumber && ` · ${formatMobileNumber(s.mobileNumber)}`} ·{" "}
            {formatRand(s.totalCents)} · sale {s.id.slice(0, 8)}
          </li>
        ))}
      </ul>
    </section>
  );
}
