"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { lazy, Suspense, useState } from "react";
import { putSlipAwayAction } from "@/lib/actions/sale";
import type { PrinterConnection } from "@/lib/printing/connection";
import type { PutAwayReason } from "@/lib/sales/sale-view";
import { noAnswer } from "@/components/sale/kassa-updated";
import { CheckPayment } from "@/components/card/check-payment";
import { tillNotices, type Notice } from "./notices";
import { useTillFacts } from "./use-till-facts";

// Its buttons load only on a till that has such a notice to show (the till pages' budget).
const PaidAfterCancelActions = lazy(() =>
  import("@/components/card/paid-after-cancel-actions").then((m) => ({
    default: m.PaidAfterCancelActions,
  })),
);

/** The test ids the specs already know each kind by. */
const TEST_ID: Partial<Record<Notice["kind"], string>> = {
  "paid-after-cancel": "paid-after-cancel-notice",
  "paid-not-delivered": "paid-not-delivered-notice",
  "card-waiting": "waiting-card-notice",
  printer: "printer-banner",
  "low-balance": "low-balance-warning",
};

const TONE: Record<Notice["tone"], string> = {
  danger: "border-danger text-danger",
  warn: "border-warn text-amber-900",
  info: "border-sky-700 text-sky-950",
  done: "border-brand text-green-900",
};

const BUTTON =
  "min-h-11 shrink-0 rounded-lg border border-slate-400 bg-white px-3 py-1 text-sm font-semibold text-slate-900";

/**
 * The till's one status area, in the staff bar of every till page: every notice of the till
 * (notices.ts), most urgent first. One line: the first notice and "N more", which opens the
 * others over the page (never pushing the form down). Announced politely; it never takes the
 * focus from the form in use.
 */
export function TillStatus({
  printer,
}: {
  printer: { connection: PrinterConnection; answersStatus: boolean };
}) {
  const { facts, asking, pair, forget, refresh } = useTillFacts(printer);
  const notices = tillNotices(facts);
  const [open, setOpen] = useState(false);
  const expanded = open && notices.length > 0;
  // What was done about a card payment paid after cancel, said on the page where it was done.
  const pathname = usePathname();
  const [handled, setHandled] = useState<{ text: string; at: string } | null>(null);
  const said = handled?.at === pathname ? handled.text : null;
  return (
    <section
      aria-label="Till notices"
      data-testid="till-status"
      aria-busy={asking || undefined}
      // In the staff bar: the room its line leaves, at least 32rem (a row of its own at 1024 px,
      // so that a notice and its buttons stay one line).
      className={notices.length || said ? "relative min-w-0 flex-1 basis-lg" : "sr-only"}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) setOpen(false);
      }}
    >
      <div
        className={
          expanded
            ? "absolute inset-x-0 top-0 z-30 max-h-[75vh] overflow-auto rounded-xl border border-slate-300 bg-white p-2 shadow-xl"
            : ""
        }
      >
        <div className="flex items-start gap-2">
          <ul id="till-notices" aria-live="polite" className="flex min-w-0 flex-1 flex-col gap-1">
            {notices.map((notice, i) => (
              <li
                key={notice.id}
                hidden={!expanded && i > 0}
                data-notice={notice.kind}
                data-testid={TEST_ID[notice.kind] ?? `${notice.kind}-notice`}
                data-state={notice.kind === "printer" ? notice.state : undefined}
                className={`flex min-h-11 flex-wrap items-center gap-x-2 gap-y-1 border-l-4 bg-white pl-2 ${TONE[notice.tone]}`}
              >
                <NoticeLine
                  notice={notice}
                  full={expanded}
                  onPair={pair}
                  onForget={forget}
                  onChecked={refresh}
                  onHandled={(text) => {
                    setHandled({ text, at: pathname });
                    void refresh();
                  }}
                />
              </li>
            ))}
            {said && (
              <li
                role="status"
                data-testid="paid-after-cancel-handled"
                className="flex min-h-11 items-center border-l-4 border-brand bg-white pl-2 text-sm text-green-900"
              >
                {said}
              </li>
            )}
          </ul>
          {notices.length > 0 && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls="till-notices"
              onClick={() => setOpen(!open)}
              className={BUTTON}
            >
              {expanded ? "Close" : notices.length > 1 ? `${notices.length - 1} more` : "Details"}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

function NoticeLine({
  notice,
  full,
  onPair,
  onForget,
  onChecked,
  onHandled,
}: {
  notice: Notice;
  full: boolean;
  onPair(): Promise<void>;
  onForget(saleId: string): void;
  onChecked(): void;
  onHandled(sentence: string): void;
}) {
  const router = useRouter();
  const [choosing, setChoosing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function putAway(saleId: string, reason: PutAwayReason) {
    setProblem(null);
    const result = await putSlipAwayAction({ saleId, reason }).catch(noAnswer);
    if (!result?.ok) return setProblem(result?.error ?? "Kassa could not be reached: try again.");
    onForget(saleId);
  }

  return (
    <>
      {/* One line on a till's 1024 px (the words give way first); the buttons wrap on a phone. */}
      <p
        className={`min-w-0 flex-1 basis-48 text-sm ${full ? "" : "truncate"}`}
        title={notice.text}
      >
        <strong>{notice.title}:</strong>{" "}
        {notice.kind === "low-balance" ? (
          <>
            {notice.left}
            {notice.runway && (
              <span data-testid="runway-warning">, enough for {notice.runway}</span>
            )}
            . Top up the merchant account before sales start failing.
          </>
        ) : (
          notice.text
        )}
        {problem && <span className="ml-2 font-semibold text-danger">{problem}</span>}
      </p>
      {notice.kind === "unseen-slip" &&
        (choosing ? (
          <>
            <button
              type="button"
              className={BUTTON}
              onClick={() => void putAway(notice.sale.id, "customer_has_token")}
            >
              The customer has the token
            </button>
            <button
              type="button"
              className={BUTTON}
              onClick={() => void putAway(notice.sale.id, "keep_in_history")}
            >
              Keep it in History
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className={BUTTON}
              onClick={() => {
                onForget(notice.sale.id);
                router.push(`/slips/${notice.sale.id}?fresh=1`);
              }}
            >
              Show slip
            </button>
            <button type="button" className={BUTTON} onClick={() => setChoosing(true)}>
              Put away
            </button>
          </>
        ))}
      {(notice.kind === "not-confirmed" || notice.kind === "sending") && (
        <Link href={notice.openAt} className={`${BUTTON} inline-flex items-center`}>
          Open the sale
        </Link>
      )}
      {notice.kind === "paid-after-cancel" && (
        <Suspense fallback={null}>
          <PaidAfterCancelActions followUp={notice.followUp} onDone={onHandled} />
        </Suspense>
      )}
      {notice.kind === "card-waiting" && (
        <CheckPayment saleId={notice.sale.id} onChecked={onChecked} />
      )}
      {notice.kind === "printer" && notice.unpaired && (
        <button type="button" className={BUTTON} onClick={() => void onPair()}>
          Pair printer
        </button>
      )}
      {notice.kind === "kassa-updated" && notice.update === "failed" && (
        <button type="button" className={BUTTON} onClick={() => window.location.reload()}>
          Reload
        </button>
      )}
    </>
  );
}
