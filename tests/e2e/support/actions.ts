import fs from "node:fs";
import path from "node:path";

/**
 * The ids the build under test gave one server action: the `next-action` header its POSTs
 * carry, so a spec can hold or watch that action's requests alone.
 */
export function actionIdsOf(file: string, exportedName: string): string[] {
  const dist = process.env.NEXT_DIST_DIR ?? ".next";
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, "server", "server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { filename?: string; exportedName?: string }> };
  const ids = Object.entries(manifest.node)
    .filter(([, e]) => e.filename === file && e.exportedName === exportedName)
    .map(([id]) => id);
  if (ids.length === 0) throw new Error(`no server action ${file}#${exportedName} in ${dist}`);
  return ids;
}
