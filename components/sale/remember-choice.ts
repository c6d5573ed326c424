/** Remember a choice (the municipality) for the next sale, in a cookie the page reads on the server. */
export function rememberChoice(cookie: string, value: string) {
  document.cookie = `${cookie}=${encodeURIComponent(value)}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}
