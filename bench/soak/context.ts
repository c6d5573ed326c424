import {
  callAction,
  findAction,
  type ActionCall,
  type ManifestAction,
  type Session,
} from "../lib/kassa-client";
import type { ActionRef } from "../lib/actions";
import type { World } from "./world";

/** What the till last knew of a sale, and how it got there. */
export interface SaleRecord {
  n: string;
  key: string;
  kind: string;
  method: "cash" | "card";
  who: string;
  saleId: string | null;
  /** The status the till or kiosk last saw. */
  seen: string;
  /** How the sale reached its end at the till: "answered", "after a lost answer", "cashier retry"... */
  path: string;
  card?: string;
  fault?: string;
  notes: string[];
  /** What the supervisor did with it, in order. */
  office?: string[];
  /** The journal's status once the shop has settled (asked by key at the end). */
  final?: string;
}

export interface FaultEntry {
  fault: string;
  /** The sale it hit (its plan number), or the sales in flight for an instance-wide fault. */
  hit: string[];
  at: string;
}

/** A queue that lets one sale at a time meet a core-service fault, while no other sale is on that path. */
export class FaultGate {
  private readers = new Map<string, number>();
  private writer: string | null = null;
  private waiting: (() => void)[] = [];

  /** For a stall report: who holds the gate, who reads which path, how many wait. */
  state(): string {
    const readers = [...this.readers].filter(([, n]) => n > 0).map(([p, n]) => `${p}×${n}`);
    return `writer ${this.writer ?? "none"}; readers ${readers.join(", ") || "none"}; waiting ${this.waiting.length}`;
  }

  private wake() {
    const w = this.waiting;
    this.waiting = [];
    for (const f of w) f();
  }
  private async until(ok: () => boolean) {
    while (!ok()) await new Promise<void>((r) => this.waiting.push(r));
  }
  /** An ordinary sale on `path`: waits while a faulted sale holds the path. */
  async read<T>(path: string, body: () => Promise<T>): Promise<T> {
    await this.until(() => this.writer !== path);
    this.readers.set(path, (this.readers.get(path) ?? 0) + 1);
    try {
      return await body();
    } finally {
      this.readers.set(path, (this.readers.get(path) ?? 1) - 1);
      this.wake();
    }
  }
  /** The one faulted sale: alone on its path (and the only faulted sale) until it ends. */
  async exclusive<T>(path: string, body: () => Promise<T>): Promise<T> {
    await this.until(() => this.writer === null);
    this.writer = path;
    try {
      await this.until(() => (this.readers.get(path) ?? 0) === 0);
      return await body();
    } finally {
      this.writer = null;
      this.wake();
    }
  }
}

export class Soak {
  readonly records = new Map<string, SaleRecord>();
  readonly faults: FaultEntry[] = [];
  readonly gate = new FaultGate();
  /** Sales on the wire right now, per instance: what an instance-wide fault hits. */
  readonly inFlight = new Map<number, Set<string>>();
  readonly counts = {
    salesTried: 0,
    refusedBeforeRecording: 0,
    nothingToPay: 0,
    duplicateConfirmed: 0,
    cashDrops: 0,
    reprints: 0,
    shiftsClosed: 0,
    lostAnswers: 0,
    resubmits: 0,
    failovers: 0,
  };
  /** What each till is doing right now (printed when the soak stalls). */
  readonly activity = new Map<string, string>();
  private actions = new Map<string, ManifestAction>();
  started = 0;

  constructor(
    readonly world: World,
    readonly dist: string,
    readonly log: (line: string) => void,
  ) {}

  action(ref: ActionRef): ManifestAction {
    const id = `${ref.file}#${ref.name}`;
    let found = this.actions.get(id);
    if (!found) this.actions.set(id, (found = findAction(this.dist, ref)));
    return found;
  }

  call(
    session: Session,
    ref: ActionRef,
    input: unknown,
    signal?: AbortSignal,
  ): Promise<ActionCall> {
    // No call waits forever: two minutes is longer than any sale may take. A plain timer, not
    // AbortSignal.any([signal, AbortSignal.timeout()]): on Node 20 the timeout signal inside
    // any() can be garbage-collected before it fires (nodejs/node#57736), and one such call
    // once held a till, and the fault gate behind it, for over an hour.
    const limit = new AbortController();
    const timer = setTimeout(() => limit.abort(new Error("no answer in 120 s")), 120_000);
    const stop = () => limit.abort(signal?.reason);
    signal?.addEventListener("abort", stop, { once: true });
    if (signal?.aborted) stop();
    return callAction(session, this.action(ref), input, { signal: limit.signal }).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
    });
  }

  fault(fault: string, hit: string[]) {
    this.faults.push({ fault, hit, at: new Date().toISOString() });
  }

  wire(instance: number, n: string, on: boolean) {
    const set = this.inFlight.get(instance) ?? new Set<string>();
    this.inFlight.set(instance, set);
    if (on) set.add(n);
    else set.delete(n);
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The core service's money-moving path of each kind (bills are paid through the electricity Purchase). */
export const MONEY_PATH: Record<string, string> = {
  electricity: "/v2/Electricity/Purchase",
  bill: "/v2/Electricity/Purchase",
  fines: "/v1/TrafficFine/MarkTrafficFineAsPaid",
  vas: "/v1/VAS/Purchase",
};
