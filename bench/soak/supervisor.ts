import type { ListedTransaction } from "@/lib/sandbox/control";
import { signIn, type Session } from "../lib/kassa-client";
import { ACTIONS, type OfficeAction } from "../lib/actions";
import { sleep, type Soak } from "./context";
import { Rng } from "./rng";

/** The demo supervisor; overrides (resolve, refund) are confirmed with the password again. */
const SUPERVISOR = { username: "supervisor", password: "supervisor-demo-1", till: "Office" };

/** A transaction the sandbox executed, as its control surface lists it. */
export type SandboxTxn = ListedTransaction;

interface Item {
  saleId: string;
  paidNotDelivered: boolean;
  text: string;
}

/** The items of the office's Unresolved sales page, as a supervisor reads them. */
function itemsOf(html: string): Item[] {
  const out: Item[] = [];
  for (const m of html.matchAll(
    /<li[^>]*data-sale-id="([^"]+)"[^>]*aria-label="([^"]*)"[^>]*>\s*<p[^>]*>([\s\S]*?)<\/p>/g,
  )) {
    // The item's headline: "Not confirmed · Electricity · R 40,00 · Cash", or the refund's.
    out.push({
      saleId: m[1]!,
      paidNotDelivered: m[2]!.startsWith("Paid, not delivered"),
      text: m[3]!
        .replace(/<[^>]+>/g, "")
        .replace(/&amp;/g, "&")
        .replace(/\s+/g, " ")
        .trim(),
    });
  }
  return out;
}

/**
 * The supervisor the morning after: works through the office's Unresolved sales page by the
 * rules in the docs — Retry for repeatable kinds, the registry check for fines, the core
 * service's records for the rest — and delivers or refunds card sales paid after the till
 * stopped waiting. Every step through Kassa's own office actions. Counts each path taken.
 */
export class Supervisor {
  private session!: Session;
  readonly paths = new Map<string, number>();
  /** Sale id → how the supervisor settled it. */
  readonly settled = new Map<string, string>();
  private readonly rng: Rng;

  constructor(
    private readonly soak: Soak,
    seed: number,
  ) {
    this.rng = new Rng(seed ^ 0x5eed);
  }

  async signIn(): Promise<void> {
    this.session = await signIn(this.soak.world.instances[0]!.baseUrl, SUPERVISOR, {
      distDir: this.soak.dist,
    });
  }

  private note(saleId: string, path: string) {
    this.paths.set(path, (this.paths.get(path) ?? 0) + 1);
    this.settled.set(saleId, path);
    for (const rec of this.soak.records.values())
      if (rec.saleId === saleId) rec.office = [...(rec.office ?? []), path];
  }

  private async act(name: OfficeAction, input: unknown) {
    for (let attempt = 1; ; attempt++) {
      try {
        const call = await this.soak.call(this.session, ACTIONS.unresolved(name), input);
        if (call.result || attempt >= 5)
          return call.result as
            { ok: boolean; data?: Record<string, unknown>; error?: string } | undefined;
      } catch (error) {
        if (attempt >= 5) throw error;
      }
      await sleep(1000);
    }
  }

  /** A file from the office as the supervisor downloads it (the accounting export). */
  async download(pathname: string): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const res = await this.session.fetch(pathname).catch(() => null);
      if (res?.ok) return res.text();
      if (attempt >= 5) throw new Error(`${pathname} answered ${res?.status ?? "nothing"}`);
      await sleep(1000);
    }
  }

  async page(): Promise<Item[]> {
    for (let attempt = 1; ; attempt++) {
      const res = await this.session.fetch("/unresolved").catch(() => null);
      if (res?.ok) return itemsOf(await res.text());
      const instance = this.soak.world.instances.find((i) => i.baseUrl === this.session.baseUrl);
      const said = instance?.proc?.output().split("\n").slice(-15).join("\n") ?? "";
      this.soak.log(`/unresolved answered ${res?.status ?? "nothing"}; the server said:\n${said}`);
      if (attempt >= 5) throw new Error(`/unresolved answered ${res?.status ?? "nothing"}`);
      await sleep(2000);
    }
  }

  /** What the core service's records say of a sale (fines and VAS carry the sale id as their reference). */
  private async executed(saleId: string): Promise<SandboxTxn | undefined> {
    const { transactions } = await this.soak.world.sandboxControl<{ transactions: SandboxTxn[] }>(
      "transactions",
    );
    return transactions.find((t) => t.kind !== "card_payment" && t.reference === saleId);
  }

  /** One pass over the page; returns how many items it acted on. */
  async pass(): Promise<number> {
    const items = await this.page();
    for (const item of items) await this.resolve(item);
    return items.length;
  }

  private async resolve(item: Item): Promise<void> {
    const { saleId } = item;
    if (item.paidNotDelivered) {
      if (this.rng.chance(0.8)) {
        const r = await this.act("deliverPaidSaleAction", { saleId });
        this.note(
          saleId,
          r?.ok ? "paid late: delivered by the supervisor" : "paid late: delivery refused",
        );
        if (!r?.ok) this.soak.log(`deliver ${saleId}: ${r?.error}`);
      } else {
        const r = await this.act("refundOutsideAction", {
          saleId,
          confirm: SUPERVISOR.password,
          reason: "Refunded to the customer's card at the counter (soak)",
        });
        this.note(
          saleId,
          r?.ok ? "paid late: refunded outside Kassa" : "paid late: refund refused",
        );
      }
      return;
    }
    if (/^Paid by card, not delivered/.test(item.text)) {
      // The page's resolve panel: the refund is settled by hand as failed, with its reason.
      const r = await this.act("resolveSaleAction", {
        saleId,
        confirm: SUPERVISOR.password,
        outcome: "failed",
        reason: "Refunded to the customer's card: the sale failed after payment (soak)",
      });
      this.note(saleId, r?.ok ? "paid, sale failed: refunded" : "refund refused");
      return;
    }
    const label = item.text.split(" · ")[1] ?? "";
    const kind = /electricity/i.test(label)
      ? "electricity"
      : /^bill/i.test(label)
        ? "bill"
        : /fine/i.test(label)
          ? "fines"
          : "vas";
    if (/ · card$/i.test(item.text)) {
      // A card sale: the payment is checked first. A sale never sent becomes paid-not-delivered
      // (next pass) or failed; one still "Not confirmed" after it goes on by its kind's rule.
      await this.act("checkSalePaymentAction", { saleId });
      const still = (await this.page()).find((i) => i.saleId === saleId);
      if (!still || still.paidNotDelivered || !/Not confirmed/.test(still.text)) {
        this.note(saleId, "card payment checked by the supervisor");
        return;
      }
    }
    if (kind === "electricity" || kind === "bill") {
      const r = await this.act("retrySaleAction", { saleId });
      const status = (r?.data as { status?: string } | undefined)?.status;
      if (status === "completed" || status === "failed") {
        this.note(saleId, `supervisor Retry: ${status}`);
        return;
      }
    }
    if (kind === "fines") {
      // The registry decides when it can: all paid, or (long after the attempt) none paid.
      const r = await this.act("recheckFinesAction", { saleId });
      const verdict = (r?.data as { verdict?: string } | undefined)?.verdict;
      if (verdict === "all_paid" || verdict === "none_paid") {
        const resolved = await this.act("resolveSaleAction", {
          saleId,
          confirm: SUPERVISOR.password,
          outcome: verdict === "all_paid" ? "completed" : "failed",
          reason: `The registry check says ${verdict === "all_paid" ? "every fine is paid" : "no fine is paid"}.`,
        });
        this.note(
          saleId,
          resolved?.ok ? `registry check: ${verdict}` : `could not resolve: ${resolved?.error}`,
        );
        return;
      }
      // Not settled yet in the registry (a marking may take minutes to show): the core
      // service's records decide instead.
    }
    // The rest: the core service's records decide, resolved by hand with the reason.
    const txn = await this.executed(saleId);
    const r = await this.act("resolveSaleAction", {
      saleId,
      confirm: SUPERVISOR.password,
      outcome: txn ? "completed" : "failed",
      reason: txn
        ? `The core service's records show transaction ${txn.id} for this sale.`
        : "The core service's records show no transaction for this sale.",
    });
    this.note(
      saleId,
      r?.ok
        ? `reconciled by hand: ${txn ? "completed" : "failed"}`
        : `could not resolve: ${r?.error}`,
    );
  }
}
