/**
 * Which network printer addresses Kassa connects to. The Kassa server (not the till) opens a
 * raw socket there, so an address must never be a way to reach the server's own services
 * (its database on 127.0.0.1:5432, a cloud's metadata on 169.254.169.254) or map open ports.
 * An address must fall in the ranges the operator allows (`KASSA_PRINTER_HOSTS`: by default
 * the private LAN ranges, never loopback or link-local) on a port it allows
 * (`KASSA_PRINTER_PORTS`: 9100-9102); a name must be a local name, and every address it
 * resolves to is checked the same way (lib/printing/target.ts). Pure: the settings form
 * (syntax only: it does not know the server's rules), the configuration and the server share it.
 */
import { inCidr, parseCidr, parseIp, type Cidr, type Ip } from "./ip";

export const PRINTER_HOST_MESSAGE =
  "Enter the printer's address on the shop's network: an IP address such as 192.168.1.50, or a local name such as printer.local.";
export const PRINTER_PORT_MESSAGE = "Enter the printer's port: network printers use 9100.";

/** The addresses and ports network printers may have. */
export interface PrinterPolicy {
  hosts: Cidr[];
  /** Inclusive ranges. */
  ports: [number, number][];
  /** As the operator wrote them, for the supervisor's message. */
  hostsText: string;
  portsText: string;
}

/** The private LAN ranges (RFC 1918) and IPv6 unique-local addresses: not loopback, not link-local. */
export const DEFAULT_PRINTER_HOSTS = "10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7";
/** JetDirect / AppSocket: 9100, and 9101-9102 for a print server's second and third port. */
export const DEFAULT_PRINTER_PORTS = "9100-9102";

/** Never a printer, whatever is allowed: "this host" (0.0.0.0, ::), multicast, broadcast. */
const NEVER = ["0.0.0.0/8", "224.0.0.0/4", "255.255.255.255/32", "::/128", "ff00::/8"].map((c) =>
  parseCidr(c)!,
);

function listOf(text: string): string[] {
  return text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
}

/** KASSA_PRINTER_HOSTS and KASSA_PRINTER_PORTS read; throws naming the entry that is not readable. */
export function parsePrinterPolicy(
  hostsText = DEFAULT_PRINTER_HOSTS,
  portsText = DEFAULT_PRINTER_PORTS,
): PrinterPolicy {
  const hosts = listOf(hostsText).map((entry) => {
    const range = parseCidr(entry);
    if (!range) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    return range;
  });
  const ports = listOf(portsText).map((entry): [number, number] => {
    const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(entry);
    const [from, to] = [Number(m?.[1]), Number(m?.[2] ?? m?.[1])];
    if (!m || from < 1 || to > 65535 || from > to)
      throw new Error(`"${entry}" is not a port or a range of ports (1-65535)`);
    return [from, to];
  });
  if (!hosts.length) throw new Error("names no address or range");
  if (!ports.length) throw new Error("names no port");
  return {
    hosts,
    ports,
    hostsText: listOf(hostsText).join(", "),
    portsText: listOf(portsText).join(", "),
  };
}

/** Whether Kassa may connect to this address (already resolved). */
export function addressAllowed(ip: Ip, policy: PrinterPolicy): boolean {
  if (NEVER.some((range) => inCidr(ip, range))) return false;
  return policy.hosts.some((range) => inCidr(ip, range));
}

export function portAllowed(port: number, policy: PrinterPolicy): boolean {
  return policy.ports.some(([from, to]) => port >= from && port <= to);
}

/**
 * A host as it may be written: an IP address in its canonical form, or a single-label or
 * .local/.lan/.internal/.home.arpa name. Never a number a resolver would read as an address
 * (`2130706433`, `0x7f000001`, `127.1`, `0177.0.0.1`), a zone, a port or a URL.
 */
export function validPrinterHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  if (parseIp(h)) return true;
  if (h.length === 0 || h.length > 253) return false;
  const labels = h.split(".");
  if (!labels.every((l) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) return false;
  // A label of digits (or hex after 0x) makes the whole name a number to some resolvers.
  if (labels.some((l) => /^(\d+|0x[0-9a-f]*)$/.test(l))) return false;
  return (
    labels.length === 1 ||
    ["local", "lan", "internal", "home.arpa"].some((s) => h.endsWith(`.${s}`))
  );
}

/** A port as it may be written; whether the server allows it is portAllowed's question. */
export function validPrinterPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}
