/** The path of a Referer header; a malformed one is named as such, never a server error (the refusal is still audited). */
export function pathOfReferer(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname;
  } catch {
    return "(malformed referer)";
  }
}
