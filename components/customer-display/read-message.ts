/** The display window's side of the channel: what it accepts, and what it answers. */
import type { CustomerDisplayMessage } from "./channel";

/** The `id` a message asks the display to answer with once shown, if any. */
export function answerIdOf(data: unknown): string | null {
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === "string" && id.length <= 64 ? id : null;
}

/** A message from the channel, checked: another tab's odd message never breaks the display. */
export function readDisplayMessage(data: unknown): CustomerDisplayMessage | null {
  if (!data || typeof data !== "object") return null;
  const m = data as Record<string, unknown>;
  if (m.show === "rest") return { show: "rest" };
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const cents = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : null);
  if (m.show === "card") {
    const amountCents = cents(m.amountCents);
    const url = text(m.url);
    const qrSvg = text(m.qrSvg);
    // Only a web address and an SVG drawing of our own size: nothing else is shown as a link or image.
    if (amountCents === null || !url || !/^https?:\/\//.test(url) || !qrSvg) return null;
    if (url.length > 500 || qrSvg.length > 60_000 || !qrSvg.trimStart().startsWith("<svg"))
      return null;
    return { show: "card", amountCents, url, qrSvg };
  }
  const what = text(m.what);
  const reference = text(m.reference);
  const referenceLabel = text(m.referenceLabel);
  if (what === null || reference === null || referenceLabel === null) return null;
  if (m.show === "confirm") {
    const items = Array.isArray(m.items)
      ? m.items.flatMap((i: unknown) => {
          const o = i as Record<string, unknown> | null;
          const label = text(o?.label);
          const amountCents = cents(o?.amountCents);
          return label !== null && amountCents !== null
            ? [{ label, detail: text(o?.detail), amountCents }]
            : [];
        })
      : undefined;
    return {
      show: "confirm",
      what,
      reference,
      referenceLabel,
      ownerName: text(m.ownerName),
      amountCents: cents(m.amountCents),
      ...(items ? { items } : {}),
    };
  }
  if (m.show === "done") {
    const amountCents = cents(m.amountCents);
    if (amountCents === null || !Array.isArray(m.tokens)) return null;
    const tokens = m.tokens.flatMap((t: unknown) => {
      const o = t as Record<string, unknown> | null;
      const label = text(o?.label);
      const digits = text(o?.digits);
      return label !== null && digits !== null ? [{ label, digits }] : [];
    });
    const notice = Array.isArray(m.notice)
      ? m.notice.filter((l): l is string => typeof l === "string").slice(0, 4)
      : [];
    return {
      show: "done",
      what,
      reference,
      referenceLabel,
      amountCents,
      tokens,
      ...(notice.length > 0 ? { notice } : {}),
    };
  }
  return null;
}
