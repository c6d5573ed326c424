import { afterEach, describe, expect, it } from "vitest";
import { admitSale, isStopping } from "@/lib/lifecycle";

/** The state scripts/serve.mjs reads and sets (lib/lifecycle.ts keeps it on globalThis). */
const state = () =>
  (globalThis as unknown as { kassaLifecycle: { stopping: boolean; sales: number } })
    .kassaLifecycle;

describe("admitting sales around a stop", () => {
  afterEach(() => {
    state().stopping = false;
  });

  it("counts a sale until its work returns, so a stop waits for it", async () => {
    let finish!: () => void;
    const running = admitSale(
      () => new Promise<string>((resolve) => (finish = () => resolve("sold"))),
      (m) => new Error(m),
    );
    expect(state().sales).toBe(1);
    state().stopping = true;
    finish();
    await expect(running).resolves.toBe("sold");
    expect(state().sales).toBe(0);
  });

  it("refuses new work once stopping, before any of it runs", async () => {
    state().stopping = true;
    expect(isStopping()).toBe(true);
    let ran = false;
    await expect(
      admitSale(
        async () => {
          ran = true;
        },
        (m) => new Error(m),
      ),
    ).rejects.toThrow(/Kassa is restarting.*nothing was sold and nothing was sent/);
    expect(ran).toBe(false);
    expect(state().sales).toBe(0);
  });

  it("stops counting a sale whose work failed", async () => {
    await expect(
      admitSale(
        () => Promise.reject(new Error("upstream")),
        (m) => new Error(m),
      ),
    ).rejects.toThrow("upstream");
    expect(state().sales).toBe(0);
  });
});
