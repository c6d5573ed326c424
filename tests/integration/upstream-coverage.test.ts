import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATION_NAMES } from "@/lib/upstream/operations";

/**
 * Every operation of the spec needs an integration test against the sandbox. A
 * test claims an operation by naming it in brackets in its title, e.g.
 * `it("[electricity.purchase] vends ...")`.
 */
function taggedOperations(): Map<string, string[]> {
  const dir = __dirname;
  const tags = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((f) => /^upstream-.*\.test\.ts$/.test(f))) {
    const text = readFileSync(path.join(dir, file), "utf8");
    for (const title of text.matchAll(/\bit\(\s*(["'`])(.*?)\1/g)) {
      for (const tag of (title[2] ?? "").matchAll(/\[([a-zA-Z]+\.[a-zA-Z]+)\]/g)) {
        const name = tag[1] ?? "";
        tags.set(name, [...(tags.get(name) ?? []), file]);
      }
    }
  }
  return tags;
}

describe("integration coverage of the upstream operations", () => {
  const tags = taggedOperations();

  it("has an integration test for every operation in lib/upstream/operations.ts", () => {
    const missing = OPERATION_NAMES.filter((name) => !tags.has(name));
    expect(missing, `operations without an integration test: ${missing.join(", ")}`).toEqual([]);
  });

  it("tags only operations that exist", () => {
    const unknown = [...tags.keys()].filter(
      (name) => !(OPERATION_NAMES as string[]).includes(name),
    );
    expect(unknown).toEqual([]);
  });
});
