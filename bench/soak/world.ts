import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { freePort, freshDataDir, startApp, startSandbox, type Proc } from "../lib/procs";
import { tcpProxy } from "../lib/tcp-proxy";

/**
 * The soak's shop: one sandbox core service, one or more `next start` instances of one
 * production build on one journal (a temporary PostgreSQL database behind a TCP proxy that
 * can be cut, or PGlite with `--embedded`), each restartable after a kill.
 */
export interface WorldOptions {
  dist: string;
  instances: number;
  embedded: boolean;
  seed: number;
  databaseUrl: string;
  appPorts: number[];
  sandboxPort: number;
  proxyPort: number;
  timeoutMs: number;
  log: (line: string) => void;
}

export interface Instance {
  index: number;
  port: number;
  baseUrl: string;
  proc: Proc | null;
  /** Resolves when the instance is serving again (after a restart). */
  ready: Promise<void>;
}

export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export class World {
  sandboxOrigin = "";
  instances: Instance[] = [];
  private sandbox: Proc | null = null;
  private proxy: ReturnType<typeof tcpProxy> | null = null;
  private dbName = "";
  private dataDir = "";
  private dbUrl = "";
  /** Every instance process started, restarts included: their output is kept for the report. */
  private procs: { index: number; proc: Proc }[] = [];
  constructor(readonly o: WorldOptions) {}

  async start(): Promise<void> {
    const sandboxPort = this.o.sandboxPort || (await freePort());
    this.sandbox = await startSandbox(sandboxPort);
    this.sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
    if (this.o.embedded) {
      this.dataDir = freshDataDir(path.resolve(`.data/soak-${this.o.seed}-${process.pid}`));
    } else {
      this.dbName = `soak_${this.o.seed}_${process.pid}_${Date.now()}`;
      await this.admin(`create database ${this.dbName}`);
      const url = new URL(this.o.databaseUrl);
      url.pathname = `/${this.dbName}`;
      this.dbUrl = url.toString();
      this.proxy = tcpProxy(
        { host: url.hostname, port: Number(url.port || 5432) },
        this.o.proxyPort,
      );
      await this.proxy.listen();
    }
    for (let i = 0; i < this.o.instances; i++) {
      const port = this.o.appPorts[i] || (await freePort());
      this.instances.push({
        index: i,
        port,
        baseUrl: `http://localhost:${port}`,
        proc: null,
        ready: Promise.resolve(),
      });
    }
    // One after the other: their migrations queue anyway, and the machine is small.
    for (const instance of this.instances) await this.boot(instance);
  }

  private env(): Record<string, string> {
    return {
      KASSA_UPSTREAM_TIMEOUT_MS: String(this.o.timeoutMs),
      // The card follower's "minute" (60 s in a shop), shortened for a soak; the minute stays
      // longer than a till needs for its first poll after opening an order, else the follower
      // takes a till that is there for one that has left.
      KASSA_CARD_FOLLOW_MINUTE_MS: "8000",
      KASSA_UPSTREAM_BREAKER_FAILURES: "1000",
    };
  }

  private async boot(instance: Instance): Promise<void> {
    let viaProxy: string | undefined;
    if (this.proxy) {
      const url = new URL(this.dbUrl);
      url.hostname = "127.0.0.1";
      url.port = String(this.proxy.port);
      viaProxy = url.toString();
    }
    const sandboxPort = Number(new URL(this.sandboxOrigin).port);
    const start = startApp({
      port: instance.port,
      distDir: this.o.dist,
      sandboxPort,
      // PGlite's folder; on PostgreSQL each instance's own folder for its spool.
      dataDir:
        this.dataDir || path.resolve(`.data/soak-${this.o.seed}-${process.pid}-${instance.index}`),
      databaseUrl: viaProxy,
      extraEnv: this.env(),
    });
    instance.ready = start.then(() => undefined);
    instance.proc = await start;
    this.procs.push({ index: instance.index, proc: instance.proc });
  }

  /** Stop an instance (SIGKILL, or SIGTERM as an operator's stop does) and start it again. */
  async restart(index: number, signal: "SIGKILL" | "SIGTERM"): Promise<void> {
    const instance = this.instances[index]!;
    const proc = instance.proc;
    let restarted!: () => void;
    instance.ready = new Promise((resolve) => (restarted = resolve));
    if (proc) await (signal === "SIGKILL" ? proc.kill9() : proc.stop());
    instance.proc = null;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boot(instance);
        break;
      } catch (error) {
        // A PGlite folder lock left by the killed process, or a database cut: try again.
        if (attempt >= 5) throw error;
        this.o.log(
          `instance ${index} did not start (attempt ${attempt}): ${String(error).slice(0, 200)}`,
        );
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
    restarted();
  }

  /** Cut every connection to the database and refuse new ones for `ms`. */
  async cutDatabase(ms: number): Promise<void> {
    if (!this.proxy) return;
    await this.proxy.cut();
    await new Promise((r) => setTimeout(r, ms));
    await this.proxy.listen();
  }

  async sandboxControl<T = Record<string, unknown>>(
    pathname: string,
    body?: unknown,
    method = body === undefined ? "GET" : "POST",
  ): Promise<T> {
    const res = await fetch(`${this.sandboxOrigin}/__sandbox/${pathname}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as T;
  }

  /** The merchant's credit as the core service reports it, in cents. */
  async balanceCents(): Promise<number> {
    const res = await fetch(`${this.sandboxOrigin}/api/v1/Merchant/CheckBalance`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "kassa-sandbox-key" },
      body: "{}",
    });
    const body = (await res.json()) as { data?: { balance?: number | string } };
    return Math.round(Number(body.data?.balance) * 100);
  }

  /** Stop the instances (the journal is read afterwards, PGlite by its folder). */
  async stopInstances(): Promise<void> {
    await Promise.all(this.instances.map((i) => i.proc?.stop()));
    for (const i of this.instances) i.proc = null;
  }

  /**
   * `npm run verify` on the journal, once the instances are stopped: the signed record must
   * hold whatever the day did (kills, cuts, restarts). Its key and checkpoints are the
   * instances' own, beside their data folders under `.data`.
   */
  verifyRecord(): { ok: boolean; output: string } {
    const env: NodeJS.ProcessEnv = this.o.embedded
      ? { ...process.env, KASSA_DATA_DIR: this.dataDir, DATABASE_URL: undefined }
      : { ...process.env, KASSA_DATA_DIR: path.resolve(".data/kassa"), DATABASE_URL: this.dbUrl };
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/verify.ts"], {
      env,
      encoding: "utf8",
    });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
  }

  /** The journal, read directly once the instances are stopped. */
  async openJournal(): Promise<{ query: Query; close: () => Promise<void> }> {
    if (this.o.embedded) {
      const { PGlite } = await import("@electric-sql/pglite");
      const pg = await PGlite.create(this.dataDir);
      return {
        query: async (sql, params) => (await pg.query<Record<string, unknown>>(sql, params)).rows,
        close: () => pg.close(),
      };
    }
    const client = new Client({ connectionString: this.dbUrl });
    await client.connect();
    return {
      query: async (sql, params) =>
        (await client.query(sql, params)).rows as Record<string, unknown>[],
      close: () => client.end(),
    };
  }

  /** The last lines each instance printed: what CI shows of a soak that failed. */
  tails(lines: number): string {
    return this.procs
      .map(({ index, proc }, n) => {
        const tail = proc.output().trimEnd().split("\n").slice(-lines).join("\n");
        return `--- instance ${index}, start ${n}: last ${lines} lines\n${tail}`;
      })
      .join("\n");
  }

  async stop(keep: boolean): Promise<void> {
    await this.stopInstances().catch(() => {});
    // What each instance printed (an error answered as a bare 500 is explained only there).
    const logs = path.resolve(`.data/soak-logs-${this.o.seed}-${process.pid}`);
    fs.mkdirSync(logs, { recursive: true });
    this.procs.forEach(({ index, proc }, n) =>
      fs.writeFileSync(path.join(logs, `instance-${index}-start-${n}.log`), proc.output()),
    );
    this.o.log(`instance output kept in ${logs}`);
    await this.sandbox?.stop().catch(() => {});
    await this.proxy?.cut().catch(() => {});
    if (keep) {
      this.o.log(`kept for inspection: ${this.dbName ? `database ${this.dbName}` : this.dataDir}`);
      return;
    }
    if (this.dbName) {
      await this.admin(`drop database if exists ${this.dbName} with (force)`).catch((e: unknown) =>
        this.o.log(`could not drop ${this.dbName}: ${String(e)}`),
      );
    }
    if (this.dataDir) freshDataDir(this.dataDir);
    for (const i of this.instances)
      fs.rmSync(path.resolve(`.data/soak-${this.o.seed}-${process.pid}-${i.index}`), {
        recursive: true,
        force: true,
      });
  }

  private async admin(sql: string): Promise<void> {
    const client = new Client({ connectionString: this.o.databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
}
