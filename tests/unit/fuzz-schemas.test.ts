import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";

/**
 * Every form schema (app/**\/*schema.ts) fed generated inputs: anything at all, and objects
 * with the form's own field names holding any value. A schema never throws — it answers
 * success or issues, each with a message a person can read next to a field.
 */
function schemaFiles(dir = "app"): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? schemaFiles(full) : e.name.endsWith("schema.ts") ? [full] : [];
  });
}

const isSchema = (v: unknown): v is z.ZodType =>
  typeof v === "object" && v !== null && typeof (v as z.ZodType).safeParse === "function";

function fieldNames(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

const junk = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "NaN",
    "R 1 000,00",
    "'; drop table sales; --",
    "<script>alert(1)</script>",
    "$1",
    "__proto__",
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.anything({ maxDepth: 2 }),
);

const files = schemaFiles();

describe("form schemas under generated input", () => {
  it("finds the form schemas", () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  for (const file of files) {
    it(`${file}: never throws, every refusal has a readable message`, async () => {
      const mod = (await import(path.resolve(file))) as Record<string, unknown>;
      const schemas = Object.entries(mod).filter((e): e is [string, z.ZodType] => isSchema(e[1]));
      for (const [name, schema] of schemas) {
        const names = fieldNames(schema);
        const shaped = names.length
          ? fc.dictionary(fc.constantFrom(...names), junk, { maxKeys: names.length })
          : fc.object();
        fc.assert(
          fc.property(fc.oneof(fc.anything(), shaped), (input) => {
            const parsed = schema.safeParse(input);
            if (parsed.success) return;
            expect(parsed.error.issues.length, name).toBeGreaterThan(0);
            for (const issue of parsed.error.issues)
              expect(
                issue.message.trim().length,
                `${name}: ${JSON.stringify(issue)}`,
              ).toBeGreaterThan(3);
          }),
          { numRuns: 300 },
        );
      }
    });
  }
});
