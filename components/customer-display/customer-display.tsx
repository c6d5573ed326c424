"use client";

import { useEffect, useState } from "react";
import { formatRand } from "@/lib/money";
import { tokenGroups } from "@/lib/slip/tokens";
import { CUSTOMER_DISPLAY_CHANNEL, type CustomerDisplayMessage } from "./channel";
import { answerIdOf, readDisplayMessage } from "./read-message";

/** After the tokens, the screen rests on its own if the till says nothing more. */
const REST_AFTER_MS = 120_000;

/**
 * The display facing the customer: the meter (or account), the owner's name and the amount
 * before Purchase, then the tokens. Only what the till last said is kept, in memory; it
 * rests on a neutral screen between sales.
 */
export function CustomerDisplay() {
  const [message, setMessage] = useState<CustomerDisplayMessage>({ show: "rest" });

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const next = readDisplayMessage(event.data);
      if (!next) return;
      setMessage(next);
      // The till waits for this before it prints (channel.ts, showOnCustomerDisplayThenPrint).
      const id = answerIdOf(event.data);
      if (id) channel.postMessage({ shown: id });
    };
    return () => channel.close();
  }, []);

  useEffect(() => {
    if (message.show !== "done") return;
    const timer = window.setTimeout(() => setMessage({ show: "rest" }), REST_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  if (message.show === "rest") {
    return (
      <section
        aria-label="Customer display"
        data-display="rest"
        className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center"
      >
        <p className="text-6xl font-bold">Welcome</p>
        <p className="text-3xl text-slate-300">
          Electricity · Municipal bills · Traffic fines · Airtime and data
        </p>
      </section>
    );
  }

  return (
    <section
      aria-label="Customer display"
      data-display={message.show}
      className="flex flex-1 flex-col justify-center gap-6 p-8"
    >
      <p className="text-3xl text-slate-300">{message.what}</p>
      <p className="text-4xl">
        {message.referenceLabel}{" "}
        <span className="font-mono font-bold" data-testid="display-reference">
          {message.reference}
        </span>
      </p>
      {message.show === "confirm" && message.ownerName && (
        <p className="text-5xl font-bold" data-testid="display-owner">
          {message.ownerName}
        </p>
      )}
      {message.show === "confirm" && (
        <p className="text-7xl font-bold" data-testid="display-amount">
          {message.amountCents === null ? "" : formatRand(message.amountCents)}
        </p>
      )}
      {message.show === "confirm" && (
        <p className="text-3xl text-slate-300">Please check the details before you pay.</p>
      )}
      {message.show === "done" && (
        <>
          <p className="text-5xl font-bold" data-testid="display-amount">
            Paid {formatRand(message.amountCents)}
          </p>
          {message.tokens.length > 0 && (
            <ol aria-label="Tokens" className="flex flex-col gap-4">
              {message.tokens.map((t) => (
                <li
                  key={`${t.label}-${t.digits}`}
                  className="flex flex-col rounded-2xl bg-white p-4 text-slate-900"
                >
                  <span className="text-2xl font-semibold">{t.label}</span>
                  <span
                    className="font-mono text-5xl font-bold whitespace-nowrap"
                    data-testid="display-token"
                  >
                    {tokenGroups(t.digits).join(" ")}
                  </span>
                </li>
              ))}
            </ol>
          )}
          <p className="text-3xl text-slate-300">Thank you.</p>
        </>
      )}
    </section>
  );
}
