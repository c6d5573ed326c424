import type { BreakerState } from "@/lib/ops/breaker-state";

const LOOK = {
  closed: { text: "Core service answering", style: "bg-emerald-100 text-emerald-900" },
  probing: { text: "Core service: checking", style: "bg-amber-200 text-amber-900" },
  open: { text: "Core service not answering: sales paused", style: "bg-red-700 text-white" },
} as const;

/** The circuit breaker's state in the staff bar, so everyone sees why sales are paused. */
export function UpstreamHealthBadge({ state }: { state: BreakerState }) {
  const { text, style } = LOOK[state];
  return (
    <span
      data-testid="upstream-health"
      data-state={state}
      role="status"
      className={`rounded px-2 py-1 text-sm font-semibold ${style}`}
    >
      {text}
    </span>
  );
}
