import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ERROR_NO_MESSAGES,
  errorNoMessage,
  FINE_ERROR_CODES,
  FINE_ERROR_MESSAGES,
  fineErrorMessage,
  TRANSPORT_MESSAGES,
} from "@/lib/upstream/messages";
import { plainText } from "@/lib/money";

const root = path.resolve(__dirname, "../..");
const SPEC_FINE_CODES = [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 23];

describe("cashier messages", () => {
  it("has its own message for every traffic-fine code of the spec", () => {
    expect([...FINE_ERROR_CODES].sort((a, b) => a - b)).toEqual(SPEC_FINE_CODES);
    for (const code of SPEC_FINE_CODES) {
      expect(fineErrorMessage(code)).toBe(
        FINE_ERROR_MESSAGES[code as keyof typeof FINE_ERROR_MESSAGES],
      );
      expect(fineErrorMessage(code)).not.toMatch(/code \d+/);
    }
  });

  it("reads the fine codes from the spec's own table", () => {
    const spec = readFileSync(
      path.resolve(root, "tests/fixtures/core-service-interface.md"),
      "utf8",
    );
    const table = spec.slice(spec.indexOf("Traffic fine error codes"));
    const codes = [...table.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(FINE_ERROR_CODES).toContain(code);
  });

  it("shows code 23's validation messages to the cashier", () => {
    expect(fineErrorMessage(23, ["Notice 123 amount must be 500.00"])).toContain(
      "Notice 123 amount must be 500.00",
    );
  });

  it("covers the errorNo catalogue of docs/upstream-assumptions.md word for word", () => {
    const doc = readFileSync(path.resolve(root, "docs/upstream-assumptions.md"), "utf8");
    const rows = [...doc.matchAll(/^\| (\d{4}) +\| [^|]+ \| "([^"]+)"/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(11);
    for (const [, code, text] of rows) {
      const ours = (ERROR_NO_MESSAGES as Record<number, string>)[Number(code)];
      expect(ours, `errorNo ${code}`).toBeDefined();
      expect(text).toBe(ours);
    }
  });

  it("names what the screen asked for: the account on bills, the mobile number on VAS", () => {
    expect(errorNoMessage(1001, null, { subject: "account" })).toBe(
      "This account number is not known to the municipality.",
    );
    expect(errorNoMessage(1001, null, { subject: "mobile" })).toBe(
      "The core service does not know this mobile number. Check it with the customer.",
    );
    expect(errorNoMessage(1002, null, { subject: "account" })).toBe(
      "The amount is below this account's minimum. Enter a larger amount.",
    );
    expect(errorNoMessage(1003, null)).toBe(
      "The amount is above this meter's maximum. Enter a smaller amount.",
    );
    for (const text of Object.values(ERROR_NO_MESSAGES)) expect(text).not.toMatch(/account's/);
    expect(errorNoMessage(9999, "  Try later ")).toBe("Try later");
  });

  it("names the whole range when the meter's or account's limits are known", () => {
    const limits = { minCents: 2_000, maxCents: 500_000 };
    expect(plainText(errorNoMessage(1002, null, { limits }))).toBe(
      "The amount must be between R 20,00 and R 5 000,00 for this meter.",
    );
    expect(
      plainText(
        errorNoMessage(1003, null, {
          subject: "account",
          limits: { minCents: null, maxCents: 500_000 },
        }),
      ),
    ).toBe("The amount must be at most R 5 000,00 for this account.");
  });

  it("says each thing once and who acts next", () => {
    const messages = [
      ...Object.values(ERROR_NO_MESSAGES),
      ...Object.values(FINE_ERROR_MESSAGES),
      ...Object.values(TRANSPORT_MESSAGES),
    ];
    for (const text of messages) {
      const sentences = text.split(/(?<=\.)\s+/).map((x) => x.toLowerCase());
      expect(new Set(sentences).size, text).toBe(sentences.length);
      expect((text.match(/nothing was sold/gi) ?? []).length, text).toBeLessThanOrEqual(1);
    }
    // The errorNo refusals of a sale each end with what the cashier (or a supervisor) does.
    for (const code of [1002, 1003, 1004, 1005, 1006, 1101, 1102, 1103, 1104] as const)
      expect(ERROR_NO_MESSAGES[code]).toMatch(/(Enter|Call|Check|Refresh|Get|contact)[^.]*\.$/);
  });

  it("is importable by the browser: no server-only import in the pure modules", () => {
    for (const file of [
      "messages.ts",
      "municipalities.ts",
      "tokens.ts",
      "operations.ts",
      "retry.ts",
    ]) {
      const valueImports = readFileSync(path.resolve(root, "lib/upstream", file), "utf8")
        .split("\n")
        .filter((line) => /^import (?!type )/.test(line));
      for (const line of valueImports) {
        expect(line, file).not.toMatch(
          /server-only|"\.\.\/env"|"\.\/(http|errors|envelope|wire-common|electricity|fines|vas|orders|reconciliation|merchant|bills)"/,
        );
      }
    }
  });
});
