import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSandbox, type RunningSandbox } from "@/lib/sandbox/server";
import { SANDBOX_API_KEY } from "@/lib/env-schema";
import { clearCatalogueCache, findProduct, loadCatalogue } from "@/lib/kinds/vas/catalogue-cache";

/** The server's catalogue cache against a sandbox of this file's own, so its faults touch no other test. */
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  Object.assign(process.env, {
    KASSA_UPSTREAM_ENV: "sandbox",
    KASSA_UPSTREAM_URL: sandbox.url,
    KASSA_API_KEY: SANDBOX_API_KEY,
    KASSA_UPSTREAM_TIMEOUT_MS: "2000",
  });
});
afterAll(() => sandbox.close());

/** Every Products call fails (500) for the next n calls, retries included. */
async function breakProducts(count: number) {
  const res = await fetch(`${sandbox.origin}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path: "/v1/VAS/Products", kind: "http500", count }),
  });
  expect(res.ok).toBe(true);
}
const clearFaults = () => fetch(`${sandbox.origin}/__sandbox/faults`, { method: "DELETE" });

describe("the VAS catalogue cache", () => {
  it("loads once, then answers from the cache without calling the core service", async () => {
    clearCatalogueCache();
    const first = await loadCatalogue();
    expect(first.products.length).toBeGreaterThan(5);
    expect(first.stale).toBe(false);
    await breakProducts(10);
    const second = await loadCatalogue();
    expect(second.fetchedAt).toEqual(first.fetchedAt);
    expect(second.products).toBe(first.products);
    await clearFaults();
  });

  it("keeps the catalogue's reference exactly as it came", async () => {
    const product = await findProduct("GOOGLEPLAY-100");
    expect(product?.reference).toEqual(["GOOGLEPLAY", "VOUCHER", "GOOGLEPLAY-100"]);
  });

  it("refresh within a minute of the last load answers from the cache", async () => {
    const before = await loadCatalogue();
    await breakProducts(10);
    const refreshed = await loadCatalogue({ refresh: true });
    expect(refreshed).toMatchObject({ stale: false, fetchedAt: before.fetchedAt });
    expect(refreshed.products).toBe(before.products);
    await clearFaults();
  });

  it("refresh of an older list goes to the core service; when that fails the last good list is kept and marked stale", async () => {
    const before = await loadCatalogue();
    // A minute and a bit later, as the cache sees it.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    await breakProducts(10);
    const refreshed = await loadCatalogue({ refresh: true });
    expect(refreshed.stale).toBe(true);
    expect(refreshed.products).toBe(before.products);
    await clearFaults();
    const fresh = await loadCatalogue({ refresh: true });
    expect(fresh.stale).toBe(false);
    expect(fresh.fetchedAt.getTime()).toBeGreaterThanOrEqual(before.fetchedAt.getTime());
    expect(fresh.products).not.toBe(before.products);
    vi.useRealTimers();
  });

  it("with nothing cached, a failed load is an error, and is not cached", async () => {
    clearCatalogueCache();
    await breakProducts(10);
    await expect(loadCatalogue()).rejects.toMatchObject({
      name: "UpstreamError",
      kind: "unavailable",
    });
    await clearFaults();
    expect((await loadCatalogue()).products.length).toBeGreaterThan(5);
  });
});
