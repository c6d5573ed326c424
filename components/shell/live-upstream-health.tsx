"use client";

import { useQuery } from "@tanstack/react-query";
import type { BreakerState } from "@/lib/ops/breaker-state";
import { UpstreamHealthBadge } from "./upstream-health-badge";

/** How often an open till asks; the answer is one small JSON, no upstream call. */
const HEALTH_EVERY_MS = 10_000;

async function fetchBreaker(): Promise<BreakerState> {
  const response = await fetch("/api/health", { cache: "no-store" });
  if (!response.ok) throw new Error(`health answered ${response.status}`);
  // A signed-in till is told the breaker (app/api/health/route.ts); signed out, only readiness.
  const breaker = ((await response.json()) as { coreService?: { breaker: BreakerState } })
    .coreService?.breaker;
  if (!breaker) throw new Error("health answered without the breaker (signed out?)");
  return breaker;
}

/** The till's badge, following the breaker while the page stays open (GET /api/health). */
export function LiveUpstreamHealth({ initial }: { initial: BreakerState }) {
  const { data } = useQuery({
    queryKey: ["upstream-health"],
    queryFn: fetchBreaker,
    initialData: initial,
    refetchInterval: HEALTH_EVERY_MS,
  });
  return <UpstreamHealthBadge state={data} />;
}
