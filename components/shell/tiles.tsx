"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export interface Tile {
  href: string;
  label: string;
  /** One key that opens the tile from the cashier's home. */
  shortcut: string;
  hint: string;
  ready: boolean;
}

/** Large tiles, each with a one-key shortcut, for a cashier who works from the keyboard. */
export function Tiles({ tiles }: { tiles: Tile[] }) {
  const router = useRouter();
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
      const tile = tiles.find((t) => t.shortcut.toLowerCase() === event.key.toLowerCase());
      if (tile?.ready) {
        event.preventDefault();
        router.push(tile.href);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router, tiles]);

  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
      {tiles.map((tile, index) => (
        <li key={tile.href}>
          {tile.ready ? (
            <Link
              href={tile.href}
              // The shortcut keys listen only once the page has hydrated; the browser focuses
              // the first tile as soon as the HTML is parsed, so Enter (and Tab) work at once.
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
