import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PGlite, Results } from "@electric-sql/pglite";
import { log } from "../log";

/**
 * The embedded journal on a thread of its own (lib/db/pglite-worker.mjs), seen from the
 * server's thread as the part of PGlite's client drizzle uses: `query`, `exec` and
 * `transaction`. Statements go to the worker as messages and come back as their results or
 * PostgreSQL's errors (code, constraint ... kept), so drizzle and Kassa's code cannot tell it
 * from PGlite in the same thread, only that its WebAssembly no longer takes turns with them.
 */
interface Reply {
  id?: number;
  ready?: boolean;
  result?: unknown;
  error?: Record<string, unknown> & { name: string; message: string };
}

interface QueryOptions {
  rowMode?: "array" | "object";
}

type Call = (message: Record<string, unknown>) => Promise<unknown>;

/** The worker's error as an Error of this thread, with PostgreSQL's fields on it. */
function errorFrom(reply: NonNullable<Reply["error"]>): Error {
  const error = new Error(reply.message);
  Object.assign(error, reply);
  return error;
}

/** `query` and `exec` as PGlite has them, on the whole journal or inside one transaction. */
function statements(call: Call, tx?: number) {
  return {
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      call({ op: "query", sql, params, rowMode: options?.rowMode, tx }) as Promise<Results<T>>,
    exec: (sql: string) => call({ op: "exec", sql, tx }) as Promise<Results[]>,
  };
}

export interface PgliteThread {
  query: ReturnType<typeof statements>["query"];
  exec: ReturnType<typeof statements>["exec"];
  transaction: <T>(callback: (tx: ReturnType<typeof statements>) => Promise<T>) => Promise<T>;
  /** PGlite's dump of the folder (a tar) at one moment between transactions (the worker's `snapshot`). */
  snapshot: () => Promise<Uint8Array>;
  close: () => Promise<void>;
}

/**
 * Starts the worker on `dataDir` (undefined: in memory), which applies the migrations, and
 * resolves once it answers. If the worker stops (it never should), every call waiting on it
 * and every later one fails, as a dropped database connection does.
 */
export function openPgliteThread(options: {
  dataDir?: string;
  migrationsFolder: string;
  /** Where migrated empty journals are kept to be copied (tests only; see the worker). */
  templateDir?: string;
}): Promise<PgliteThread> {
  const worker = new Worker(path.join(process.cwd(), "lib/db/pglite-worker.mjs"), {
    workerData: options,
  });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  let opened = false;
  // The worker keeps the process alive only while a call waits on it (a script that forgets
  // to close the journal still ends), as a socket does.
  worker.unref();

  const call: Call = (message) => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  };
  const settle = (
    id: number,
    outcome: (w: { resolve: (v: unknown) => void; reject: (e: Error) => void }) => void,
  ) => {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
    outcome(entry);
  };
  const stop = (error: Error) => {
    stopped ??= error;
    for (const id of [...waiting.keys()]) settle(id, (w) => w.reject(stopped!));
  };

  return new Promise((ready, failed) => {
    worker.ref();
    worker.on("message", (reply: Reply) => {
      if (reply.ready) {
        opened = true;
        worker.unref();
        const thread: PgliteThread = {
          ...statements(call),
          transaction: async (callback) => {
            const tx = (await call({ op: "begin" })) as number;
            let result;
            try {
              result = await callback(statements(call, tx));
            } catch (error) {
              // The statement's own error is the one to report, not a failed ROLLBACK after it.
              await call({ op: "end", tx, commit: false }).catch(() => {});
              throw error;
            }
            await call({ op: "end", tx, commit: true });
            return result;
          },
          snapshot: () => call({ op: "snapshot" }) as Promise<Uint8Array>,
          close: async () => {
            await call({ op: "close" });
            stop(new Error("The journal is closed."));
            await worker.terminate();
          },
        };
        ready(thread);
        return;
      }
      if (reply.id === undefined) return;
      settle(reply.id, (w) =>
        reply.error ? w.reject(errorFrom(reply.error)) : w.resolve(reply.result),
      );
    });
    // Once open, a thread that fails or stops was not closed by Kassa: say so where the
    // shop's log shows it. Every sale is then refused before it is sent (it cannot be
    // recorded) until the server is restarted. Before that, the open itself fails.
    const lost = (error: Error) => {
      if (!stopped && opened)
        log().fatal({ err: error }, "No sale can be recorded; restart Kassa.");
      stop(error);
      failed(error);
    };
    worker.on("error", (error) =>
      lost(new Error(`The journal's thread failed: ${error.message}.`)),
    );
    worker.on("exit", (code) =>
      lost(new Error(`The journal's thread stopped (exit code ${code}).`)),
    );
  });
}

/** The thread as drizzle's PGlite driver types its client (it uses only what the thread has). */
export const asPglite = (thread: PgliteThread) => thread as unknown as PGlite;
