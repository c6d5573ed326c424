import { describe, expect, it } from "vitest";
import { verdictOf } from "@/lib/kinds/fines/resolve";

const notices = (...paid: (boolean | null)[]) =>
  paid.map((isPaid, i) => ({ noticeNumber: `04126000000000${10 + i}`, isPaid }));
const MINUTE = 60_000;

describe("the verdict of a fines re-check", () => {
  it("reads every notice paid as the marking having gone through, at once", () => {
    expect(verdictOf(notices(true, true), 5_000)).toBe("all_paid");
  });

  it("says 'not settled yet' while a just-sent marking may still be landing, never 'none paid'", () => {
    expect(verdictOf(notices(false, false), 30_000)).toBe("not_yet");
    expect(verdictOf(notices(true, false), 9 * MINUTE)).toBe("not_yet");
    expect(verdictOf(notices(null), MINUTE)).toBe("not_yet");
  });

  it("reads none or some paid as final only once the marking has had time to land", () => {
    expect(verdictOf(notices(false, false), 11 * MINUTE)).toBe("none_paid");
    expect(verdictOf(notices(true, false), 11 * MINUTE)).toBe("some_paid");
  });
});
