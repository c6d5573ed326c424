import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SETTINGS } from "@/lib/env-schema";
import { envExample, settingsMarkdown } from "@/lib/settings-docs";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** Set by Node, Next.js or npm themselves, never by a person. */
const SET_BY_TOOLS = new Set(["NODE_ENV", "NEXT_RUNTIME", "npm_lifecycle_event"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [file] : [];
  });
}

describe("the one list of settings (lib/env-schema.ts)", () => {
  it("makes docs/settings.md and .env.example as they are (npm run settings:docs)", () => {
    expect(read("docs/settings.md")).toBe(settingsMarkdown());
    expect(read(".env.example")).toBe(envExample());
  });

  it("lists every variable Kassa reads", () => {
    const files = [
      ...["lib", "app", "components", "scripts"].flatMap(sourceFiles),
      "proxy.ts",
      "instrumentation.ts",
      "next.config.mjs",
    ];
    const read = new Set<string>();
    for (const file of files)
      for (const match of fs
        .readFileSync(path.join(root, file), "utf8")
        .matchAll(/process\.env\.([A-Za-z_][A-Za-z0-9_]*)/g))
        read.add(match[1]!);
    expect(read.size).toBeGreaterThan(10);
    const unlisted = [...read].filter((name) => !(name in SETTINGS) && !SET_BY_TOOLS.has(name));
    expect(unlisted).toEqual([]);
  });
});
