"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { printReportAction, printSlipAction, recordPrintOutcomeAction } from "@/lib/actions/print";
import type { PrinterConnection } from "@/lib/printing/connection";
import { PAPER_LOW_MESSAGE } from "@/lib/printing/status";

type Direct = Exclude<PrinterConnection, "browser">;

type PrintState =
  | { step: "idle" }
  | { step: "printing" }
  /** `confirmed`: the printer answered ready after the job; otherwise it was only sent to it. */
  | { step: "printed"; confirmed: boolean; paperLow: boolean }
  | { step: "failed"; reason: string };

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * One print of a sale's slip on the till's own printer. The sale is complete whatever the
 * printer does: a failed print only leaves the slip on screen with the reason and three ways
 * on (Retry, the browser's print, or the tokens copied by hand).
 */
export function TillPrint({
  connection,
  target,
  reprint,
  printNow,
  handCopy,
}: {
  connection: Direct;
  /** A sale's slip, or a shift's report ("current": the X report of the open shift). */
  target: { saleId: string } | { shiftId: string };
  reprint: boolean;
  printNow: boolean;
  /** The tokens or PIN as text, for the cashier to copy when nothing prints. */
  handCopy: string | null;
}) {
  const [state, setState] = useState<PrintState>({ step: "idle" });
  const [copied, setCopied] = useState(false);
  const started = useRef(false);

  const print = useCallback(async () => {
    setState({ step: "printing" });
    try {
      const result =
        "saleId" in target
          ? await printSlipAction({ saleId: target.saleId, reprint })
          : await printReportAction({ shiftId: target.shiftId, reprint });
      if (!result.ok) return setState({ step: "failed", reason: result.error });
      const job = result.data;
      if (!job.ok) return setState({ step: "failed", reason: job.reason });
      if (job.via === "network")
        return setState({ step: "printed", confirmed: job.confirmed, paperLow: job.paperLow });
      // USB and serial: the till's Chromium sends the job; the library loads only now.
      const { printOnWebPrinter, sendToWebPrinter } = await import("./web-printer");
      // The drawer first, apart: it opens for the cash even if the slip is refused.
      const pulse = job.pulse ? await sendToWebPrinter(job.via, fromBase64(job.pulse)) : null;
      const { status, confirmed } = await printOnWebPrinter(
        job.via,
        fromBase64(job.job),
        job.answersStatus,
      );
      // Reported under the job's id: the server believes it for this job only, once.
      await recordPrintOutcomeAction({
        jobId: job.jobId,
        state: status.state,
        drawerOpened: pulse?.state === "ready",
      });
      setState(
        status.state === "ready"
          ? { step: "printed", confirmed, paperLow: status.paperLow === true }
          : { step: "failed", reason: status.message },
      );
    } catch {
      setState({ step: "failed", reason: "The printer could not be reached." });
    } finally {
      // The till's printer banner asks again at once.
      window.dispatchEvent(new Event("kassa:printer"));
    }
  }, [target, reprint]);

  useEffect(() => {
    if (!printNow || started.current) return;
    started.current = true;
    void print();
  }, [printNow, print]);

  return (
    <div
      className="no-print flex flex-col gap-2"
      data-testid="till-print"
      data-connection={connection}
    >
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void print()}
          disabled={state.step === "printing"}
          className="min-h-11 rounded-lg border border-brand px-5 py-2 text-lg text-brand"
        >
          {state.step === "failed" ? "Retry" : state.step === "printing" ? "Printing…" : "Print"}
        </button>
        <p role="status" className="text-brand">
          {state.step === "printed" ? (state.confirmed ? "Printed." : "Sent to the printer.") : ""}
        </p>
      </div>
      {state.step === "printed" && state.paperLow && (
        <p className="font-semibold text-warn" data-testid="paper-low">
          {PAPER_LOW_MESSAGE}
        </p>
      )}
      {state.step === "failed" && (
        <section
          role="alert"
          aria-label="The slip did not print"
          className="flex max-w-xl flex-col gap-2 rounded-lg border-2 border-danger p-3"
        >
          <p className="font-semibold">The slip did not print. The sale is complete.</p>
          <p data-testid="print-failure">{state.reason}</p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => window.print()}
              className="min-h-11 rounded-lg border border-slate-400 px-4 py-2"
            >
              Print with the browser
            </button>
            {handCopy && (
              <button
                type="button"
                onClick={() => {
                  void navigator.clipboard?.writeText(handCopy).then(() => setCopied(true));
                }}
                className="min-h-11 rounded-lg border border-slate-400 px-4 py-2"
              >
                Copy the token
              </button>
            )}
          </div>
          {handCopy && (
            <pre data-testid="hand-copy" className="font-mono text-lg whitespace-pre-wrap">
              {handCopy}
            </pre>
          )}
          {copied && <p role="status">Copied: write it on the slip by hand for the customer.</p>}
        </section>
      )}
    </div>
  );
}
