"use client";

import { lazy, Suspense } from "react";
import type { CashTenderedProps } from "./cash-count";

// Fetched when a cash sale first shows it (after Confirm, a quote or the first fine ticked),
// not with the page: the till pages' JavaScript budget. Should Kassa be out of reach just
// then, the sale goes on without the counting help rather than failing.
const CashCount = lazy(() => import("./cash-count").catch(() => ({ default: () => null })));

/** Cash tendered and change due beside a cash sale's Purchase (./cash-count.tsx). */
export function CashTendered(props: CashTenderedProps) {
  if (props.amountCents === null || props.amountCents <= 0) return null;
  return (
    <Suspense fallback={null}>
      <CashCount {...props} />
    </Suspense>
  );
}
