/**
 * IP addresses and CIDR ranges as bytes, for the printer address rules. Only the canonical
 * written forms count as addresses: dotted decimal IPv4 without leading zeros, and IPv6 (an
 * IPv4-mapped IPv6 address is the IPv4 address it maps). The shorthands a resolver accepts
 * (`2130706433`, `0x7f000001`, `127.1`, `0177.0.0.1`) are not addresses here, and no zone
 * (`%eth0`). Pure: the settings form, the configuration check and the server share it.
 */
export interface Ip {
  version: 4 | 6;
  bytes: number[];
}

export interface Cidr extends Ip {
  prefix: number;
}

function parseIPv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b <= 255) ? bytes : null;
}

function parseIPv6(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split("::").length > 2) return null;
  let tail: number[] = [];
  let rest = text;
  // An IPv4 address may end an IPv6 one (::ffff:192.168.1.5).
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const four = parseIPv4(v4[2]!);
    if (!four) return null;
    tail = four;
    rest = v4[1]!.endsWith("::") ? v4[1]! : v4[1]!.slice(0, -1);
  }
  const group = (g: string) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN);
  const [head = "", after] = rest.split("::");
  const left = head === "" ? [] : head.split(":").map(group);
  const right = after === undefined || after === "" ? [] : after.split(":").map(group);
  const groups = 8 - tail.length / 2;
  if ([...left, ...right].some(Number.isNaN)) return null;
  const missing = groups - left.length - right.length;
  if (after === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...left, ...Array<number>(after === undefined ? 0 : missing).fill(0), ...right];
  return [...all.flatMap((g) => [g >> 8, g & 0xff]), ...tail];
}

/** The address written in `text`, or null; `::ffff:a.b.c.d` is the IPv4 address a.b.c.d. */
export function parseIp(text: string): Ip | null {
  const four = parseIPv4(text);
  if (four) return { version: 4, bytes: four };
  if (!text.includes(":")) return null;
  const six = parseIPv6(text);
  if (!six) return null;
  const mapped = six.slice(0, 10).every((b) => b === 0) && six[10] === 0xff && six[11] === 0xff;
  return mapped ? { version: 4, bytes: six.slice(12) } : { version: 6, bytes: six };
}

/** `10.0.0.0/8`, `fc00::/7`, or one address (a /32 or /128). */
export function parseCidr(text: string): Cidr | null {
  const [address = "", prefixText, ...extra] = text.trim().split("/");
  const ip = parseIp(address);
  if (!ip || extra.length) return null;
  const max = ip.version === 4 ? 32 : 128;
  if (prefixText === undefined) return { ...ip, prefix: max };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  // A mapped range written in IPv6 (::ffff:127.0.0.0/104) is the IPv4 range it maps.
  const prefix = Number(prefixText) - (ip.version === 4 && address.includes(":") ? 96 : 0);
  return prefix < 0 ? null : { ...ip, prefix };
}

export function inCidr(ip: Ip, range: Cidr): boolean {
  if (ip.version !== range.version) return false;
  for (let bit = 0; bit < range.prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    const at = Math.floor(bit / 8);
    if ((ip.bytes[at]! & mask) !== (range.bytes[at]! & mask)) return false;
  }
  return true;
}

/** The address as Node connects to it: dotted IPv4, or IPv6 in full groups. */
export function formatIp(ip: Ip): string {
  if (ip.version === 4) return ip.bytes.join(".");
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2)
    groups.push(((ip.bytes[i]! << 8) | ip.bytes[i + 1]!).toString(16));
  return groups.join(":");
}
