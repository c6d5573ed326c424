/** Remember a choice (the municipality) for the next sale, in a cookie the page reads on the server. */
export function rememberChoice(cookie: string, value: string) {
  document.cookie = `${cookie}=${encodeURIComponent(value)}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}

/**
 * The remembered choice as this browser has it now, if it is one of `allowed`; null on the
 * server. A form prefetched before the last sale was rendered with the choice of then.
 */
export function rememberedHere(cookie: string, allowed: readonly string[]): string | null {
  if (typeof document === "undefined") return null;
  const raw = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${cookie}=`))
    ?.slice(cookie.length + 1);
  if (raw === undefined) return null;
  const value = decodeURIComponent(raw);
  return allowed.includes(value) ? value : null;
}
