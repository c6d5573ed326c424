import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env-schema";
import {
  addressAllowed,
  DEFAULT_PRINTER_HOSTS,
  parsePrinterPolicy,
  portAllowed,
  validPrinterHost,
  validPrinterPort,
} from "@/lib/printing/address";
import { parseIp } from "@/lib/printing/ip";
import { readStatus } from "@/lib/printing/status";

describe("the printer's real-time status (DLE EOT 1, 2, 4)", () => {
  it("reads ready, paper out, cover open and offline", () => {
    expect(readStatus(Uint8Array.from([0x12, 0x12, 0x12])).state).toBe("ready");
    // Paper near its end still prints, and says so.
    const low = readStatus(Uint8Array.from([0x12, 0x12, 0x1e]));
    expect(low).toMatchObject({ state: "ready", paperLow: true });
    expect(low.message).toMatch(/running low/);
    expect(readStatus(Uint8Array.from([0x12, 0x12, 0x12])).paperLow).toBeUndefined();
    expect(readStatus(Uint8Array.from([0x1a, 0x32, 0x72])).state).toBe("paper_out");
    expect(readStatus(Uint8Array.from([0x12, 0x12, 0x72])).state).toBe("paper_out");
    expect(readStatus(Uint8Array.from([0x1a, 0x16, 0x12])).state).toBe("cover_open");
    expect(readStatus(Uint8Array.from([0x1a, 0x12, 0x12])).state).toBe("offline");
  });

  it("takes missing or malformed answers for a printer that is not there", () => {
    expect(readStatus(Uint8Array.from([0x12, 0x12])).state).toBe("offline");
    expect(readStatus(Uint8Array.from([0x48, 0x54, 0x54])).state).toBe("offline");
    expect(readStatus(new Uint8Array()).message).toMatch(/does not answer/);
  });
});

describe("network printer addresses a supervisor may write", () => {
  it("accepts IP addresses and local names", () => {
    for (const host of [
      "192.168.1.50",
      "10.0.0.9",
      "127.0.0.1",
      "fd12:3456::10",
      "fe80::1",
      "::ffff:192.168.1.5",
      "printer",
      "localhost",
      "epson-tm.local",
      "till1-printer.lan",
    ])
      expect(validPrinterHost(host), host).toBe(true);
  });

  it("refuses numbers a resolver reads as addresses, public names and anything not bare", () => {
    for (const host of [
      "2130706433",
      "0x7f000001",
      "0x7f.0.0.1",
      "127.1",
      "0177.0.0.1",
      "010.0.0.1",
      "fe80::1%eth0",
      "printer.example.com",
      "169.254.169.254.nip.io",
      "http://192.168.1.5",
      "192.168.1.5:9100",
      "[::1]",
      "",
      "a b",
      "256.1.1.1",
    ])
      expect(validPrinterHost(host), host).toBe(false);
  });

  it("takes any port number as written; which ports may be used is the server's rule", () => {
    expect(validPrinterPort(9100)).toBe(true);
    expect(validPrinterPort(0)).toBe(false);
    expect(validPrinterPort(70000)).toBe(false);
    expect(validPrinterPort(9100.5)).toBe(false);
  });
});

describe("the addresses and ports Kassa connects to (KASSA_PRINTER_HOSTS, KASSA_PRINTER_PORTS)", () => {
  const allowed = (address: string, policy = parsePrinterPolicy()) => {
    const ip = parseIp(address);
    return ip !== null && addressAllowed(ip, policy);
  };

  it("by default: the private LAN ranges, never loopback, link-local or the server itself", () => {
    for (const ok of ["192.168.1.50", "10.0.0.9", "172.16.4.2", "172.31.255.1", "fd12::10"])
      expect(allowed(ok), ok).toBe(true);
    for (const no of [
      "127.0.0.1",
      "127.0.0.53",
      "::1",
      "::ffff:127.0.0.1",
      "0:0:0:0:0:ffff:7f00:1",
      "169.254.169.254",
      "169.254.10.10",
      "fe80::1",
      "0.0.0.0",
      "::",
      "8.8.8.8",
      "172.32.0.1",
      "100.64.0.1",
      "2001:db8::1",
      "224.0.0.1",
    ])
      expect(allowed(no), no).toBe(false);
    expect(allowed("::ffff:192.168.1.5")).toBe(true);
  });

  it("a one-PC shop allows its local printer bridge, and only that address", () => {
    const policy = parsePrinterPolicy("127.0.0.1/32");
    expect(allowed("127.0.0.1", policy)).toBe(true);
    expect(allowed("::ffff:127.0.0.1", policy)).toBe(true);
    expect(allowed("127.0.0.2", policy)).toBe(false);
    expect(allowed("::1", policy)).toBe(false);
    expect(allowed("192.168.1.50", policy)).toBe(false);
    // "This host" is never a printer, whatever the setting says.
    expect(allowed("0.0.0.0", parsePrinterPolicy("0.0.0.0/0"))).toBe(false);
  });

  it("ports 9100-9102 unless configured", () => {
    const policy = parsePrinterPolicy();
    for (const port of [9100, 9101, 9102]) expect(portAllowed(port, policy), `${port}`).toBe(true);
    for (const port of [22, 80, 5432, 6379, 8080, 9099, 9103])
      expect(portAllowed(port, policy), `${port}`).toBe(false);
    const wider = parsePrinterPolicy(undefined, "9100, 9400-9500");
    expect(portAllowed(9440, wider)).toBe(true);
    expect(portAllowed(9101, wider)).toBe(false);
  });

  it("is read from the environment at start, and a bad value stops the start naming it", () => {
    const policy = parseEnv({
      KASSA_PRINTER_HOSTS: "127.0.0.1/32",
      KASSA_PRINTER_PORTS: "9440",
    }).printerPolicy;
    expect(allowed("127.0.0.1", policy)).toBe(true);
    expect(portAllowed(9440, policy)).toBe(true);
    expect(parseEnv({}).printerPolicy.hostsText).toBe(DEFAULT_PRINTER_HOSTS);
    expect(() => parseEnv({ KASSA_PRINTER_HOSTS: "localhost" })).toThrow(/KASSA_PRINTER_HOSTS/);
    expect(() => parseEnv({ KASSA_PRINTER_PORTS: "all" })).toThrow(/KASSA_PRINTER_PORTS/);
  });

  it("refuses a setting it cannot read, naming the entry", () => {
    expect(() => parsePrinterPolicy("192.168.1.0/33")).toThrow(/192\.168\.1\.0\/33/);
    expect(() => parsePrinterPolicy("printer.lan")).toThrow(/printer\.lan/);
    expect(() => parsePrinterPolicy(undefined, "9102-9100")).toThrow(/9102-9100/);
    expect(() => parsePrinterPolicy(undefined, "70000")).toThrow(/70000/);
  });
});
