"use client";

import { useState } from "react";
import { benchEmptyAction } from "./actions";

/** Times one empty server action from this browser: the floor of every till action. */
export function RoundTrip() {
  const [ms, setMs] = useState<number | null>(null);
  async function measure() {
    const start = performance.now();
    const result = await benchEmptyAction({});
    setMs(result.ok ? Math.round(performance.now() - start) : null);
  }
  return (
    <div className="flex items-center gap-4">
      <button
        type="button"
        onClick={measure}
        className="rounded-lg bg-brand px-4 py-2 font-semibold text-white"
      >
        Measure round trip
      </button>
      <p aria-live="polite">{ms === null ? "Not measured yet." : `${ms} ms`}</p>
    </div>
  );
}
