import { log } from "./log";

/**
 * A periodic job whose failure is logged, never dropped silently; the next run tries again.
 * Not server-only: the start-up (lib/startup.ts) and the server's background work share it.
 */
export function every(job: string, ms: number, run: () => Promise<unknown>): void {
  const once = () =>
    void run().catch((error: unknown) =>
      log().warn(
        { job, err: error instanceof Error ? error.message : String(error) },
        "background job failed",
      ),
    );
  setInterval(once, ms).unref();
}
