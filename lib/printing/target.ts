import "server-only";
import { lookup } from "node:dns/promises";
import {
  addressAllowed,
  PRINTER_HOST_MESSAGE,
  portAllowed,
  validPrinterHost,
  validPrinterPort,
  type PrinterPolicy,
} from "./address";
import { formatIp, parseIp } from "./ip";

/**
 * Where the server may connect for a till's network printer: the host written as an address
 * or a local name, every address a name resolves to inside KASSA_PRINTER_HOSTS, the port in
 * KASSA_PRINTER_PORTS. Checked when a supervisor saves the address (the answer goes next to
 * the field) and again before every connection (a name may have moved since).
 */
export type TargetCheck =
  | { ok: true; address: string }
  | { ok: false; field: "printerHost" | "printerPort"; message: string };

/** How long a name may take to resolve before the printer counts as not there. */
const LOOKUP_MS = 2_000;

function notAllowed(host: string, policy: PrinterPolicy): TargetCheck {
  return {
    ok: false,
    field: "printerHost",
    message: `${host} is not an address on the shop's network that this Kassa prints to (KASSA_PRINTER_HOSTS allows ${policy.hostsText}).`,
  };
}

async function resolve(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("lookup timed out")), LOOKUP_MS);
  });
  try {
    const found = await Promise.race([lookup(host, { all: true }), late]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkPrinterTarget(
  host: string,
  port: number,
  policy: PrinterPolicy,
): Promise<TargetCheck> {
  const name = host.trim().toLowerCase();
  if (!validPrinterHost(name))
    return { ok: false, field: "printerHost", message: PRINTER_HOST_MESSAGE };
  // The address is said wrong before the port: it is what the supervisor types first.
  const written = parseIp(name);
  if (written && !addressAllowed(written, policy)) return notAllowed(host, policy);
  if (!validPrinterPort(port) || !portAllowed(port, policy))
    return {
      ok: false,
      field: "printerPort",
      message: `Network printers listen on port 9100: this Kassa prints to ports ${policy.portsText} (KASSA_PRINTER_PORTS).`,
    };
  if (written) return { ok: true, address: formatIp(written) };
  let addresses: string[];
  try {
    addresses = await resolve(name);
  } catch {
    addresses = [];
  }
  const ips = addresses.map(parseIp);
  if (ips.length === 0 || ips.some((ip) => ip === null))
    return {
      ok: false,
      field: "printerHost",
      message: `Kassa cannot find ${host} on the network: enter the printer's IP address.`,
    };
  // Every address, not just the first: a name that also leads elsewhere is not a printer's.
  if (!ips.every((ip) => addressAllowed(ip!, policy))) return notAllowed(host, policy);
  return { ok: true, address: formatIp(ips[0]!) };
}
