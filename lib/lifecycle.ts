/**
 * The server's life as an operator sees it: whether it is stopping, and the sales still on
 * their way. scripts/serve.mjs sets `stopping` on SIGTERM or SIGINT, waits until `sales` is 0
 * (at most `drainLimitMs`), then runs `finish` and exits. The state lives on globalThis
 * because `next start` loads lib code in more than one bundle of the same process and
 * serve.mjs (plain JavaScript, outside them all) reads the same object.
 */
interface Lifecycle {
  stopping: boolean;
  /** Sales admitted (checked, recorded or being sent) and not yet answered. */
  sales: number;
  /** How long a stop waits for them: the longest upstream call (set at start-up). */
  drainLimitMs: number;
  /** The journal's last work once every sale has settled: take in the spool, close it. */
  finish?: () => Promise<void>;
}

const globalForLifecycle = globalThis as unknown as { kassaLifecycle?: Lifecycle };
const lifecycle = (globalForLifecycle.kassaLifecycle ??= {
  stopping: false,
  sales: 0,
  drainLimitMs: 0,
});

/** True once the server was told to stop: no new sale starts, readiness answers 503. */
export function isStopping(): boolean {
  return lifecycle.stopping;
}

/**
 * What a till is told when it starts a sale while Kassa stops (a restart, an upgrade). It
 * names no button: the same words reach the Purchase and the Pay forms.
 */
const STOPPING_MESSAGE =
  "Kassa is restarting, so this sale was not started: nothing was sold and nothing was sent. Try again in a minute; the same sale is never sold twice.";

/**
 * Run one sale's work (checks, record, send, settle) as admitted: refused at once when Kassa
 * is stopping, otherwise counted until it returns, so that a stop waits for its answer.
 * `refuse` makes the refusal the caller's own error (an ActionError for the till).
 */
export async function admitSale<T>(run: () => Promise<T>, refuse: (message: string) => Error) {
  if (lifecycle.stopping) throw refuse(STOPPING_MESSAGE);
  lifecycle.sales++;
  try {
    return await run();
  } finally {
    lifecycle.sales--;
  }
}

/** Start-up's part: how long a stop may wait for sales, and what it does after them. */
export function prepareStop(drainLimitMs: number, finish: () => Promise<void>): void {
  lifecycle.drainLimitMs = drainLimitMs;
  lifecycle.finish = finish;
}
