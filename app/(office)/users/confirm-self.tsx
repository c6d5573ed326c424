"use client";

import { useId } from "react";
import type { Role } from "@/lib/db/schema";

/** What a supervisor is about to do to their own account. */
export type SelfChange = { is: "disable" } | { is: "role"; role: Role };

const ROLE_WORDS: Record<Role, string> = {
  cashier: "a cashier",
  supervisor: "a supervisor",
  kiosk: "a kiosk",
};

/**
 * The question before a supervisor disables or demotes their own account: it signs them out
 * of the office at once. The focus starts on the safe answer.
 */
export function ConfirmSelf({
  change,
  onYes,
  onNo,
}: {
  change: SelfChange;
  onYes(): void;
  onNo(): void;
}) {
  const id = useId();
  const question =
    change.is === "disable"
      ? "Disable your own account?"
      : `Make your own account ${ROLE_WORDS[change.role]}?`;
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-q`}
      aria-describedby={`${id}-d`}
      className="flex flex-col gap-2 rounded border-2 border-warn bg-amber-50 p-2 text-amber-950"
    >
      <p id={`${id}-q`} className="font-semibold">
        {question}
      </p>
      <p id={`${id}-d`} className="text-sm">
        You are signed out of the office at once and cannot undo it yourself: another supervisor
        must.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          autoFocus
          onClick={onNo}
          className="rounded border border-slate-400 bg-white px-2 py-1 text-sm"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onYes}
          className="rounded bg-warn px-2 py-1 text-sm font-semibold text-white"
        >
          {change.is === "disable" ? "Yes, disable my account" : "Yes, change my role"}
        </button>
      </div>
    </div>
  );
}
