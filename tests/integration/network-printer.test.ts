import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parsePrinterPolicy } from "@/lib/printing/address";
import {
  networkPrinterStatus,
  PrinterError,
  printOverNetwork,
  sendBlind,
  type NetworkOptions,
} from "@/lib/printing/network";
import { encodeDrawerPulse } from "@/lib/printing/slip-commands";
import { checkPrinterTarget } from "@/lib/printing/target";
import { readEscPos } from "../support/escpos-reader";
import { TcpPrinter } from "../support/tcp-printer";

/**
 * The server's side of a network printer, over real TCP to a printer on loopback: which
 * addresses it connects to at all, what it says of a job, and that it always hangs up.
 */
const printer = new TcpPrinter();
const JOB = Uint8Array.from([0x1b, 0x40, ...Buffer.from("Hello\n"), 0x1d, 0x56, 0x41, 0x03]);
/** A one-PC shop: its printer bridge on loopback, on any port. */
const LOCAL = parsePrinterPolicy("127.0.0.1/32", "1024-65535");
const FAST: NetworkOptions = { policy: LOCAL, timeoutMs: 300, closeMs: 300, offlineFloorMs: 0 };

const at = (answersStatus = true) => ({ host: "127.0.0.1", port: printer.port, answersStatus });

async function until(test: () => boolean) {
  while (!test()) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeAll(() => printer.start());
afterAll(() => printer.stop());
beforeEach(async () => {
  // The last test's connections are over (a status question hangs up after its answer).
  await until(() => printer.closed === printer.connections);
  printer.mode = "ready";
  printer.jobs.length = 0;
});

describe("addresses the server connects to", () => {
  it("refuses loopback, link-local and numeric hosts by default, and never connects", async () => {
    const before = printer.connections;
    for (const host of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "localhost"]) {
      const target = { host, port: printer.port, answersStatus: true };
      const refused = await printOverNetwork(target, JOB, {
        ...FAST,
        policy: parsePrinterPolicy(undefined, "1024-65535"),
      }).catch((e: unknown) => e);
      expect(refused, host).toBeInstanceOf(PrinterError);
      expect((refused as PrinterError).message, host).toMatch(/not one this Kassa may print to/);
    }
    expect(printer.connections).toBe(before);
  });

  it("says next to the field why an address or port is refused, names resolved and checked", async () => {
    const policy = parsePrinterPolicy();
    for (const host of [
      "127.0.0.1",
      "localhost",
      "::1",
      "::ffff:127.0.0.1",
      "169.254.169.254",
      "fe80::1",
      "8.8.8.8",
    ]) {
      const check = await checkPrinterTarget(host, 9100, policy);
      expect(check, host).toMatchObject({ ok: false, field: "printerHost" });
      expect(check.ok ? "" : check.message, host).toMatch(/shop's network.*KASSA_PRINTER_HOSTS/);
    }
    for (const host of ["2130706433", "0x7f000001", "127.1"])
      expect(await checkPrinterTarget(host, 9100, policy), host).toMatchObject({
        ok: false,
        field: "printerHost",
      });
    // The address is said wrong before the port.
    expect(await checkPrinterTarget("127.0.0.1", 5432, policy)).toMatchObject({
      field: "printerHost",
    });
    for (const port of [5432, 6379, 8080, 22])
      expect(await checkPrinterTarget("192.168.1.50", port, policy), `${port}`).toMatchObject({
        ok: false,
        field: "printerPort",
      });
    expect(await checkPrinterTarget("192.168.1.50", 9100, policy)).toEqual({
      ok: true,
      address: "192.168.1.50",
    });
    // A one-PC shop that allows its own loopback printer bridge.
    expect(await checkPrinterTarget("localhost", 9100, parsePrinterPolicy("127.0.0.1/32"))).toEqual(
      { ok: true, address: "127.0.0.1" },
    );
  });
});

describe("a job on a network printer", () => {
  it("is printed once the printer answers ready after it, and the connection is closed", async () => {
    const closedBefore = printer.closed;
    const delivery = await printOverNetwork(at(), JOB, FAST);
    expect(delivery).toMatchObject({ confirmed: true });
    await until(() => printer.jobs.length === 1);
    const sent = readEscPos(printer.jobs[0]!);
    // Asked before the job and after it.
    expect(sent.statusQueries).toEqual([1, 2, 4, 1, 2, 4]);
    expect(sent.lines[0]?.text).toBe("Hello");
    expect(printer.closed).toBe(closedBefore + 1);
  });

  it("from a printer that takes the job and never hangs up: only sent, and Kassa hangs up", async () => {
    printer.mode = "hold";
    const closedBefore = printer.closed;
    const delivery = await printOverNetwork(at(), JOB, FAST);
    expect(delivery).toEqual({ confirmed: false, status: null });
    // The printer never closes its side: Kassa drops the connection within its bound.
    await until(() => printer.closed === closedBefore + 1);
  });

  it("warns when the paper is running low", async () => {
    printer.mode = "paper_low";
    const delivery = await printOverNetwork(at(), JOB, FAST);
    expect(delivery.confirmed).toBe(true);
    expect(delivery.status).toMatchObject({ state: "ready", paperLow: true });
    expect(await networkPrinterStatus(at(), FAST)).toMatchObject({ paperLow: true });
  });

  it("on a printer set as not answering status: sent without asking, never 'printed'", async () => {
    printer.mode = "mute";
    const delivery = await printOverNetwork(at(false), JOB, FAST);
    expect(delivery).toEqual({ confirmed: false, status: null });
    await until(() => printer.jobs.length === 1);
    expect(readEscPos(printer.jobs[0]!).statusQueries).toEqual([]);
    expect(await networkPrinterStatus(at(false), FAST)).toBeNull();
  });

  it("out of paper: refused before anything prints", async () => {
    printer.mode = "paper_out";
    const refused = await printOverNetwork(at(), JOB, FAST).catch((e: unknown) => e);
    expect((refused as PrinterError).status.state).toBe("paper_out");
    await until(() => printer.jobs.length === 1);
    expect(readEscPos(printer.jobs[0]!).lines).toEqual([]);
  });
});

describe("the drawer pulse alone", () => {
  it("counts as taken only once the printer answered after it, even out of paper", async () => {
    printer.mode = "paper_out";
    await sendBlind(at(), encodeDrawerPulse(), FAST);
    await until(() => printer.jobs.length === 1);
    expect(readEscPos(printer.jobs[0]!).pulses).toBe(1);
    printer.mode = "silent";
    await expect(sendBlind(at(), encodeDrawerPulse(), FAST)).rejects.toBeInstanceOf(PrinterError);
    printer.mode = "close";
    await expect(sendBlind(at(), encodeDrawerPulse(), FAST)).rejects.toBeInstanceOf(PrinterError);
  });
});

describe("open and closed ports look the same to the caller", () => {
  it("a refused connection is answered no sooner than a silent printer's timeout", async () => {
    // A port with nothing listening: taken, then closed again.
    const closedPort = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        const port = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const options = { ...FAST, timeoutMs: 200, offlineFloorMs: 400 };
    for (const target of [{ host: "127.0.0.1", port: closedPort, answersStatus: true }, at()]) {
      printer.mode = "silent";
      const started = performance.now();
      const status = await networkPrinterStatus(target, options);
      expect(status?.state).toBe("offline");
      expect(performance.now() - started).toBeGreaterThanOrEqual(options.offlineFloorMs - 1);
      const failed = await printOverNetwork(target, JOB, options).catch((e: unknown) => e);
      expect((failed as PrinterError).status.state).toBe("offline");
    }
  });
});
