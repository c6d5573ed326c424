/**
 * Readiness decided in the background, never by the request that asks: a load balancer's flood
 * of checks must not queue queries on the journal and read its own slowness as "not ready".
 * A probe runs once a second (never two at once); answers read the last decision; the decision
 * changes only after several probes in a row disagree with it, so one slow second (a backup's
 * snapshot, a burst of sales) never drains a healthy instance, and one lucky probe never
 * sends traffic to a broken one.
 */
export interface Probe {
  ok: boolean;
}

export interface Readiness<P extends Probe> {
  /** The decision: ready after IN_A_ROW good probes, not ready after IN_A_ROW bad ones. */
  ready: boolean;
  /** The newest probe, whatever it said. */
  last: P;
}

const EVERY_MS = 1_000;
const IN_A_ROW = 3;

interface Watch<P extends Probe> {
  state?: Readiness<P>;
  /** Probes in a row that disagree with `state.ready`. */
  against: number;
  /** The probe under way: one at a time, and whoever needs a result waits for it. */
  running?: Promise<void>;
  started: boolean;
}

// On globalThis: `next start` loads lib code in several bundles of one process, and there is
// one watch per process whichever bundle asks.
const globalForReadiness = globalThis as unknown as { kassaReadiness?: Watch<Probe> };

function probeOnce<P extends Probe>(watch: Watch<P>, probe: () => Promise<P>): Promise<void> {
  watch.running ??= probe()
    .then((last) => {
      const state = watch.state;
      // The first probe decides: at start there is nothing to keep steady.
      if (!state) {
        watch.state = { ready: last.ok, last };
        return;
      }
      watch.against = last.ok === state.ready ? 0 : watch.against + 1;
      const ready = watch.against >= IN_A_ROW ? last.ok : state.ready;
      if (ready !== state.ready) watch.against = 0;
      watch.state = { ready, last };
    })
    .finally(() => {
      watch.running = undefined;
    });
  return watch.running;
}

function watching<P extends Probe>(probe: () => Promise<P>): Watch<P> {
  const watch = (globalForReadiness.kassaReadiness ??= { against: 0, started: false }) as Watch<P>;
  if (!watch.started) {
    watch.started = true;
    setInterval(() => void probeOnce(watch, probe).catch(() => {}), EVERY_MS).unref();
  }
  return watch;
}

/**
 * Starts the background probe from a result already known: the server's start-up has just
 * opened and migrated the journal, and the first seconds of a server (its warm-up compiles
 * pages) are the slowest, so they must not decide alone.
 */
export function startReadiness<P extends Probe>(probe: () => Promise<P>, known: P): void {
  const watch = watching(probe);
  watch.state ??= { ready: known.ok, last: known };
}

/**
 * The readiness decision, starting the background probe on first use (then the first answer
 * waits for the first probe). `probe` must not throw: a failure is a probe that says not ok.
 */
export async function readiness<P extends Probe>(probe: () => Promise<P>): Promise<Readiness<P>> {
  const watch = watching(probe);
  while (!watch.state) await probeOnce(watch, probe);
  return watch.state;
}
