import type { BreakerState } from "@/lib/ops/breaker-state";
import { LiveUpstreamHealth } from "./live-upstream-health";
import { UpstreamHealthBadge } from "./upstream-health-badge";

/**
 * The breaker's state as the page was made (the layout reads it); `live` (inside the till's
 * react-query provider) keeps following it while the page stays open.
 */
export function UpstreamHealth({ state, live = false }: { state: BreakerState; live?: boolean }) {
  return live ? <LiveUpstreamHealth initial={state} /> : <UpstreamHealthBadge state={state} />;
}
