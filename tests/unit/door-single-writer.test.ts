import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The door (lib/sales/door) is the only writer of a sale's state and of card_orders: any
 * other file that inserts a sale or a card order, changes a card order, or sets a sale's
 * state columns fails here, so that `grep` finds one writer. Other columns of a sale (its raw
 * answers, when its slip was first seen) may be written where they are kept.
 */
const ROOT = path.resolve(__dirname, "../..");
const SCANNED = ["lib", "app", "components", "scripts", "bench"];
const DOOR = path.join("lib", "sales", "door") + path.sep;

/** A sale's state: what a transition changes (camelCase in drizzle, snake_case in SQL). */
const STATE_COLUMNS =
  /\b(status|error|attempts|result|resolvedBy|resolved_by|resolvedAt|resolved_at|resolutionNote|resolution_note|settledAt|settled_at)\b/;

/** Statements that write card_orders or insert sales, in drizzle or in SQL. */
const ANY_WRITE =
  /\.(update|insert)\(\s*cardOrders\s*\)|\.insert\(\s*sales\s*\)|\b(update|insert\s+into)\s+(card_orders\b|\$\{cardOrders\})|\binsert\s+into\s+(sales\b|\$\{sales\})/gi;
/** Updates of sales: allowed only when what they set names no state column. */
const SALE_UPDATE = /\.update\(\s*sales\s*\)|\bupdate\s+(sales\b|\$\{sales\})\s+set\b/gi;

/** The places in `source` that write what only the door may write. */
function outsideWrites(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(ANY_WRITE)) found.push(m[0]);
  for (const m of source.matchAll(SALE_UPDATE)) {
    const rest = source.slice(m.index + m[0].length);
    // What it sets: up to its WHERE (drizzle's .where( or SQL's where).
    const end = rest.search(/\.where\(|\bwhere\b/i);
    const sets = rest.slice(0, end === -1 ? 400 : end);
    if (STATE_COLUMNS.test(sets)) found.push(`${m[0]}${sets.slice(0, 80)}`);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

describe("the one door for a sale's life", () => {
  it("finds the writes it looks for (and lets other columns of a sale be)", () => {
    expect(
      outsideWrites(`db.update(sales).set({ status: "failed" }).where(eq(sales.id, id))`),
    ).toHaveLength(1);
    expect(
      outsideWrites("await database\n  .update(sales)\n  .set({\n    error: null,\n  })"),
    ).toHaveLength(1);
    expect(outsideWrites(`db.update(cardOrders).set({ checks: 1 })`)).toHaveLength(1);
    expect(outsideWrites(`db.insert(sales).values(row)`)).toHaveLength(1);
    expect(outsideWrites("sql`update sales set status = 'unknown' where id = ${id}`")).toHaveLength(
      1,
    );
    expect(outsideWrites("sql`update card_orders set final = true`")).toHaveLength(1);
    expect(outsideWrites("sql`update ${cardOrders} set final = true`")).toHaveLength(1);
    // The raw answers and the slip's first showing are not a sale's state.
    expect(
      outsideWrites(`db.update(sales).set({ rawAnswers: x }).where(eq(sales.id, id))`),
    ).toEqual([]);
    expect(
      outsideWrites(
        `db.update(sales).set({ slipSeenAt: new Date() }).where(and(eq(sales.id, id), eq(sales.status, "completed")))`,
      ),
    ).toEqual([]);
    expect(outsideWrites(`db.select().from(sales).where(eq(sales.status, "pending"))`)).toEqual([]);
  });

  it("is the only code that writes a sale's state or a card order", () => {
    const offenders = SCANNED.flatMap((folder) => sourceFiles(path.join(ROOT, folder)))
      .map((file) => path.relative(ROOT, file))
      .filter((file) => !file.startsWith(DOOR))
      // The verify bench fills a throwaway database of its own with a million rows at once.
      .filter((file) => file !== path.join("bench", "lib", "record-verify.ts"))
      .flatMap((file) =>
        outsideWrites(fs.readFileSync(path.join(ROOT, file), "utf8")).map((w) => `${file}: ${w}`),
      );
    expect(offenders).toEqual([]);
  });
});
