/**
 * Numbers as people read them out and type them: meter, account and mobile numbers come in
 * groups ("0110 0000 007", "011-000-00007", "082 123 4567"). The spaces (a pasted one may be
 * a non-breaking space) and dashes between the groups are not part of the number. Pure: the
 * till's forms, the shared schemas and the server actions compact the same way.
 */
export function compactNumber(typed: string): string {
  return typed.replace(/[\s\u00a0-]/g, "");
}
