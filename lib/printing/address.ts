/**
 * Which network printer addresses a supervisor may set. The server opens a raw socket to the
 * address, so it must never be a way to reach other machines: only IP addresses of the shop's
 * own network (private, link-local) or a local host name, and only printer-like ports. The
 * server checks the resolved address again before every connection (lib/printing/network.ts).
 * Pure: the settings form and the server share it.
 */

/** 4 for a dotted IPv4 address, 6 for something written as IPv6, 0 for a name. */
function ipKind(host: string): 0 | 4 | 6 {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return 4;
  if (host.includes(":") && /^[0-9a-f:.]+$/i.test(host)) return 6;
  return 0;
}

export const PRINTER_HOST_MESSAGE =
  "Enter the printer's address on the shop's network: an IP address such as 192.168.1.50, or a local name such as printer.local.";
export const PRINTER_PORT_MESSAGE = "Enter a port from 1024 to 65535 (network printers use 9100).";

/** 10/8, 172.16/12, 192.168/16, 169.254/16 (link-local), 127/8 (a printer server on the till itself). */
export function isPrivateIPv4(address: string): boolean {
  const parts = address.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255))
    return false;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

/** fc00::/7 (unique local), fe80::/10 (link-local), ::1. */
export function isPrivateIPv6(address: string): boolean {
  const a = address.toLowerCase();
  if (a === "::1") return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return isPrivateIPv4(mapped[1]!);
  return /^f[cd][0-9a-f]{2}:/.test(a) || /^fe[89ab][0-9a-f]:/.test(a);
}

export function isPrivateAddress(address: string): boolean {
  const kind = ipKind(address);
  if (kind === 4) return isPrivateIPv4(address);
  if (kind === 6) return isPrivateIPv6(address);
  return false;
}

/** A host a supervisor may set: a private IP, or a single-label or .local/.lan/.internal name. */
export function validPrinterHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  if (ipKind(h)) return isPrivateAddress(h);
  if (h.length > 253) return false;
  const labels = h.split(".");
  if (!labels.every((l) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) return false;
  return (
    labels.length === 1 ||
    ["local", "lan", "internal", "home.arpa"].some((s) => h.endsWith(`.${s}`))
  );
}

export function validPrinterPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1024 && port <= 65535;
}
