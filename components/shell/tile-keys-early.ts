/**
 * The till's tile keys before React runs. The tiles are on screen as soon as the HTML is
 * parsed, a while before the page's JavaScript has hydrated them (most of a second on a slow
 * till): a key pressed then would be lost. The till page sends this small listener inline
 * with the tiles; it keeps the first tile key pressed until <Tiles> is live and takes it over
 * (takeEarlyTileKey), and stands back while <Tiles> listens itself.
 */

interface TileKey {
  href: string;
  shortcut: string;
  ready: boolean;
}

interface EarlyWindow {
  /** How many <Tiles> listen now (the early listener stands back while any do). */
  __kassaTilesLive?: number;
  /** The tile chosen before <Tiles> listened: its address. */
  __kassaEarlyTile?: string;
  __kassaEarlyKeys?: boolean;
}

const early = () => window as Window & EarlyWindow;

/** The tile a key opens, or none: a key typed into a field, or with Ctrl, Alt or Meta, opens nothing. */
export function tileForKey<T extends TileKey>(tiles: readonly T[], event: KeyboardEvent): T | null {
  const target = event.target as HTMLElement | null;
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return null;
  const key = String(event.key).toLowerCase();
  return tiles.find((t) => t.ready && t.shortcut.toLowerCase() === key) ?? null;
}

/** <Tiles> listens from now on until it calls what this returns. */
export function tilesListening(): () => void {
  early().__kassaTilesLive = (early().__kassaTilesLive ?? 0) + 1;
  return () => {
    early().__kassaTilesLive = Math.max(0, (early().__kassaTilesLive ?? 1) - 1);
  };
}

/** The address of a tile chosen before <Tiles> listened, once. */
export function takeEarlyTileKey(): string | null {
  const href = early().__kassaEarlyTile ?? null;
  delete early().__kassaEarlyTile;
  return href;
}

/**
 * The inline script the till page sends with its tiles: the same rule as tileForKey, in
 * plain JavaScript because it runs before any of Kassa's bundles. Installed once per document;
 * a key counts only while its tile is on the page (not on the open-shift form, say).
 */
export function earlyTileKeysScript(tiles: readonly TileKey[], path: string): string {
  const keys = tiles
    .filter((t) => t.ready)
    .map((t) => ({ key: t.shortcut.toLowerCase(), href: t.href }));
  return `(function(){var w=window,k=${JSON.stringify(keys)};if(w.__kassaEarlyKeys)return;w.__kassaEarlyKeys=true;addEventListener("keydown",function(e){if(w.__kassaTilesLive||w.__kassaEarlyTile||location.pathname!==${JSON.stringify(path)})return;if(e.ctrlKey||e.metaKey||e.altKey)return;var t=e.target;if(t&&/^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName))return;var key=String(e.key).toLowerCase();for(var i=0;i<k.length;i++)if(k[i].key===key&&document.querySelector('a[aria-keyshortcuts][href="'+k[i].href+'"]')){e.preventDefault();w.__kassaEarlyTile=k[i].href;return;}});})();`;
}
