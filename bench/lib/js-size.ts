import { gzipSync } from "node:zlib";
import type { Session } from "./kassa-client";

export interface PageJs {
  page: string;
  scripts: number;
  gzipBytes: number;
}

/**
 * The JavaScript a browser downloads for one page: every `<script src>` of the HTML that
 * `next start` serves, gzip-compressed as `next start` compresses it (zlib's default level).
 * The `noModule` polyfill is skipped: modern browsers never fetch it.
 */
export async function pageJs(session: Session, page: string): Promise<PageJs> {
  const response = await session.fetch(page);
  if (response.status !== 200)
    throw new Error(
      `${page} answered ${response.status} (${response.headers.get("location") ?? ""})`,
    );
  const html = await response.text();
  const sources = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1]!;
    const src = /\ssrc="([^"]+)"/i.exec(attrs)?.[1];
    if (!src || /\bnomodule\b/i.test(attrs)) continue;
    sources.add(src.replace(/&amp;/g, "&"));
  }
  let gzipBytes = 0;
  for (const src of sources) {
    const script = await session.fetch(src);
    if (script.status !== 200) throw new Error(`${src} answered ${script.status}`);
    gzipBytes += gzipSync(Buffer.from(await script.arrayBuffer())).length;
  }
  return { page, scripts: sources.size, gzipBytes };
}
