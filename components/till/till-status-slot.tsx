"use client";

import { lazy, Suspense, type ComponentProps } from "react";

// The status area's code (the notices, their facts and buttons) is not part of any till page's
// first load: the server renders the area whole, and the browser hydrates it as soon as its
// chunk arrives, beside the first answer of the journal it shows. Until then it has no notice
// to show (the server's render has no facts), so nothing moves.
const TillStatus = lazy(() => import("./till-status").then((m) => ({ default: m.TillStatus })));

/** The till's one status area (till-status.tsx), loaded beside the page. */
export function TillStatusSlot(props: ComponentProps<typeof TillStatus>) {
  return (
    <Suspense fallback={null}>
      <TillStatus {...props} />
    </Suspense>
  );
}
