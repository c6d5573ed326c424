import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type Proc } from "../../bench/lib/procs";
import { CHROMIUM_ARGS, systemChromium } from "../../scripts/chromium.mjs";
import { cashierWithShift, DIST, freePort, fresh, sandboxClient } from "./support/cluster";

/**
 * A till open while Kassa restarts. The cashier opens another screen while the server is
 * down: the till shows Kassa's own "Kassa is restarting, your sales are safe" (its offline
 * worker, public/sw.js), not the browser's "This site can't be reached"; when Kassa answers
 * again, the screen the cashier asked for comes by itself, with nothing pressed.
 */
const sandbox = sandboxClient();
const DATA = fresh(".data/faults-restart-till");

describe("a till open while Kassa restarts", () => {
  let stopSandbox: () => Promise<void>;
  let app: Proc | undefined;
  let browser: Browser | undefined;
  let port: number;
  const start = () =>
    startApp({ port, distDir: DIST, sandboxPort: sandbox.port, dataDir: DATA, serve: true });

  beforeAll(async () => {
    stopSandbox = (await sandbox.start()).stop;
    port = await freePort();
    app = await start();
    browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await stopSandbox?.();
    fresh(DATA);
  });

  it("shows Kassa's own restarting screen, then the screen asked for once Kassa answers", async () => {
    const baseUrl = `http://localhost:${port}`;
    const session = await cashierWithShift(baseUrl);
    const context = await browser!.newContext({ baseURL: baseUrl });
    await context.addCookies(
      session
        .cookies()
        .map((c) => ({ ...c, domain: "localhost", path: "/", sameSite: "Lax" as const })),
    );
    const till = await context.newPage();
    await till.goto("/till");
    // The till's worker is installed and looks after this page.
    await till.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });

    await app!.stop();
    app = undefined;
    // The cashier opens Electricity while nothing answers at Kassa's address.
    await till.goto("/electricity");
    await till.getByRole("heading", { name: "Kassa is restarting" }).waitFor();
    expect(await till.getByText("Your sales are safe.").isVisible()).toBe(true);
    expect(new URL(till.url()).pathname).toBe("/electricity");

    app = await start();
    // Nothing pressed: the screen comes back by itself, as the cashier asked for it.
    await till.getByRole("textbox", { name: "Meter number" }).waitFor({ timeout: 60_000 });
    expect(new URL(till.url()).pathname).toBe("/electricity");
    await context.close();
  });
});
