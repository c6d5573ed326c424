/**
 * URLs that come from the core service (the card checkout page, a bill's receipt) are
 * shown, printed or followed only through here: https anywhere, plain http only for a
 * loopback sandbox on this machine. Anything else (javascript:, data:, http to another
 * host) is dropped. Pure, so slips and the card screen share it.
 */

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** The URL when it is safe to show or follow, otherwise null. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.username || parsed.password) return null;
  if (parsed.protocol === "https:") return parsed.href;
  if (parsed.protocol === "http:" && isLoopback(parsed.hostname)) return parsed.href;
  return null;
}
