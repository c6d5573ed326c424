"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLayoutEffect } from "react";
import { takeEarlyTileKey, tileForKey, tilesListening } from "./tile-keys-early";

export interface Tile {
  href: string;
  label: string;
  /** One key that opens the tile from the cashier's home. */
  shortcut: string;
  hint: string;
  ready: boolean;
  /**
   * Prefetch the whole screen while the tiles show. Not for a screen that lists the journal
   * (History): a copy fetched before the next sale would lack it.
   */
  prefetch: boolean;
}

/**
 * Large tiles, each with a one-key shortcut, for a cashier who works from the keyboard.
 *
 * A key pressed before React has hydrated the page is kept by the till page's early listener
 * (tile-keys-early.ts) and opened here as soon as the router can: never lost. Each tile's
 * screen is prefetched whole while the cashier looks at the tiles, so the key opens it
 * without waiting for the server.
 */
export function Tiles({ tiles }: { tiles: Tile[] }) {
  const router = useRouter();
  // A layout effect: attached in the same commit that shows the tiles, so no key falls between.
  useLayoutEffect(() => {
    function onKey(event: KeyboardEvent) {
      const tile = tileForKey(tiles, event);
      if (tile) {
        event.preventDefault();
        router.push(tile.href);
      }
    }
    window.addEventListener("keydown", onKey);
    const release = tilesListening();
    const early = takeEarlyTileKey();
    const tile = early ? tiles.find((t) => t.ready && t.href === early) : undefined;
    if (tile) router.push(tile.href);
    return () => {
      release();
      window.removeEventListener("keydown", onKey);
    };
  }, [router, tiles]);

  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
      {tiles.map((tile, index) => (
        <li key={tile.href}>
          {tile.ready ? (
            <Link
              href={tile.href}
              // The whole screen, not only its frame: a tile key then opens it from the browser.
              // Otherwise Next's default (the frame only, as the tile comes into view).
              prefetch={tile.prefetch ? true : null}
              // The browser focuses the first tile as soon as the HTML is parsed, so Enter (and
              // Tab) work at once.
              autoFocus={index === 0}
              aria-keyshortcuts={tile.shortcut}
              className="flex h-36 flex-col justify-between rounded-xl bg-brand p-4 text-white shadow hover:bg-brand-dark"
            >
              <span className="text-2xl font-semibold">{tile.label}</span>
              <span className="text-sm opacity-90">
                {tile.hint} · key{" "}
                <kbd className="rounded bg-white/20 px-1 font-mono">{tile.shortcut}</kbd>
              </span>
            </Link>
          ) : (
            <div
              aria-disabled="true"
              className="flex h-36 flex-col justify-between rounded-xl bg-slate-200 p-4 text-slate-600"
            >
              <span className="text-2xl font-semibold">{tile.label}</span>
              <span className="text-sm">Not available yet in this version of Kassa</span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
