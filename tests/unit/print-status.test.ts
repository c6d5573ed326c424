import { describe, expect, it } from "vitest";
import { validPrinterHost, validPrinterPort } from "@/lib/printing/address";
import { readStatus } from "@/lib/printing/status";

describe("the printer's real-time status (DLE EOT 1, 2, 4)", () => {
  it("reads ready, paper out, cover open and offline", () => {
    expect(readStatus(Uint8Array.from([0x12, 0x12, 0x12])).state).toBe("ready");
    // Paper near its end still prints.
    expect(readStatus(Uint8Array.from([0x12, 0x12, 0x1e])).state).toBe("ready");
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

describe("network printer addresses a supervisor may set", () => {
  it("accepts the shop's own network and local names", () => {
    for (const host of [
      "192.168.1.50",
      "10.0.0.9",
      "172.16.4.2",
      "172.31.255.1",
      "169.254.10.10",
      "127.0.0.1",
      "fd12:3456::10",
      "fe80::1",
      "printer",
      "epson-tm.local",
      "till1-printer.lan",
    ])
      expect(validPrinterHost(host), host).toBe(true);
  });

  it("refuses public addresses, other hosts and anything that is not a bare address", () => {
    for (const host of [
      "8.8.8.8",
      "172.32.0.1",
      "192.169.1.1",
      "100.64.0.1",
      "0.0.0.0",
      "2001:db8::1",
      "printer.example.com",
      "169.254.169.254.nip.io",
      "http://192.168.1.5",
      "192.168.1.5:9100",
      "",
      "a b",
      "256.1.1.1",
    ])
      expect(validPrinterHost(host), host).toBe(false);
  });

  it("takes printer ports, not the well-known services", () => {
    expect(validPrinterPort(9100)).toBe(true);
    expect(validPrinterPort(22)).toBe(false);
    expect(validPrinterPort(80)).toBe(false);
    expect(validPrinterPort(70000)).toBe(false);
    expect(validPrinterPort(9100.5)).toBe(false);
  });
});
