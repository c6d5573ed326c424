import { describe, expect, it } from "vitest";
import { errorFields } from "@/lib/log";

describe("errorFields", () => {
  it("keeps a failed query's statement but never its parameters, in the error and its causes", () => {
    const query = new Error(
      'Failed query: update "sales" set "result" = $1 where "id" = $2\nparams: {"tokens":["12345678901234567890"]},7a1f',
    );
    const wrapped = new Error("sale send failed", { cause: query });
    const fields = errorFields(wrapped);
    const text = JSON.stringify(fields);
    expect(text).not.toContain("12345678901234567890");
    expect(fields.cause?.message).toMatch(/^Failed query: update "sales"/);
    expect(fields.cause?.message).toContain("params: [redacted]");
    expect(fields.cause?.stack).not.toContain("tokens");
  });

  it("says what a thrown non-error was without its value", () => {
    expect(errorFields("PIN 1234")).toEqual({ type: "string" });
  });
});
