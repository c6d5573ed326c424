"use client";

import { useEffect, useState } from "react";
import { Money } from "@/components/ui/money";
import { tokenGroups } from "@/lib/slip/tokens";
import { CUSTOMER_DISPLAY_CHANNEL, type CustomerDisplayMessage } from "./channel";
import { answerIdOf, readDisplayMessage } from "./read-message";

/** After the tokens, the screen rests on its own if the till says nothing more. */
const REST_AFTER_MS = 120_000;
/** The lines a confirm shows before "and N more": the rest would not fit a 600 px screen. */
const MAX_ITEMS = 4;

/**
 * The display facing the customer: what they are about to pay for before Purchase (the meter
 * or account and its owner, the fines chosen, the product and number), the card payment's QR
 * code and link, then the tokens. Only what the till last said is kept, in memory; it rests on
 * a neutral screen between sales. Everything is sized from the window (a customer display is
 * often 1024×600): tokens shrink to fit, never cut, however many a sale has.
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
      <Screen show="rest" className="items-center justify-center gap-4 p-8 text-center">
        <p className="text-[min(10vh,3.75rem)] font-bold">Welcome</p>
        <p className="text-[min(5vh,1.875rem)] text-slate-300">
          Electricity · Municipal bills · Traffic fines · Airtime and data
        </p>
      </Screen>
    );
  }

  if (message.show === "card") {
    return (
      <Screen show="card" className="gap-[2vh] p-[3vh]">
        <p className="text-[min(5vh,2.25rem)]">
          Card payment of{" "}
          <Money cents={message.amountCents} className="font-bold" data-testid="display-amount" />
        </p>
        <div className="flex min-h-0 flex-1 items-center gap-[4vw] portrait:flex-col">
          {/* An <img> of the SVG the server drew: its markup is never put into the page. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(message.qrSvg)}`}
            alt="QR code of the card payment page"
            data-testid="display-qr"
            className="aspect-square h-full max-h-[min(70vh,90vw)] min-h-0 rounded-xl bg-white p-[1.5vh]"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-[2vh]">
            <p className="text-[min(5vh,2.25rem)] font-bold">
              Scan the code with your phone to pay
            </p>
            <p className="text-[min(3.6vh,1.5rem)] text-slate-300">Or open this address:</p>
            <p
              className="font-mono text-[min(3.6vh,1.5rem)] break-words"
              data-testid="display-card-link"
            >
              {breakAtSlashes(message.url.replace(/^https?:\/\//, ""))}
            </p>
          </div>
        </div>
      </Screen>
    );
  }

  const items = message.show === "confirm" ? (message.items ?? []) : [];
  return (
    <Screen show={message.show} className="gap-[1.5vh] p-[3vh]">
      <p className="text-[min(4vh,1.875rem)] text-slate-300">{message.what}</p>
      <p className="text-[min(5vh,2.25rem)] [overflow-wrap:anywhere]">
        {message.referenceLabel}{" "}
        <span className="font-mono font-bold" data-testid="display-reference">
          {message.reference}
        </span>
      </p>
      {message.show === "confirm" && message.ownerName && (
        <p className="text-[min(7vh,3rem)] font-bold" data-testid="display-owner">
          {message.ownerName}
        </p>
      )}
      {items.length > 0 && (
        <ul aria-label="What you pay for" className="flex flex-col gap-[1vh]">
          {items.slice(0, MAX_ITEMS).map((item) => (
            <li
              key={`${item.label}-${item.detail}`}
              data-testid="display-item"
              className="flex items-baseline justify-between gap-4 text-[min(4vh,1.875rem)]"
            >
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {item.label}
                {item.detail && <span className="text-slate-300"> · {item.detail}</span>}
              </span>
              <Money cents={item.amountCents} />
            </li>
          ))}
          {items.length > MAX_ITEMS && (
            <li className="text-[min(4vh,1.875rem)] text-slate-300">
              and {items.length - MAX_ITEMS} more
            </li>
          )}
        </ul>
      )}
      {message.show === "confirm" && (
        <p className="text-[min(11vh,4.5rem)] font-bold" data-testid="display-amount">
          {message.amountCents === null ? "" : <Money cents={message.amountCents} />}
        </p>
      )}
      {message.show === "confirm" && (
        <p className="text-[min(4.5vh,1.875rem)] text-slate-300">
          Please check the details before you pay.
        </p>
      )}
      {message.show === "done" && (
        <>
          {message.notice && (
            <div
              data-testid="display-notice"
              className="flex flex-col gap-2 rounded-2xl bg-amber-100 p-4 text-slate-900"
            >
              <p className="text-4xl font-bold">{message.notice[0]}</p>
              {message.notice.slice(1).map((line) => (
                <p key={line} className="text-2xl">
                  {line}
                </p>
              ))}
            </div>
          )}
          <p className="text-[min(7vh,3rem)] font-bold" data-testid="display-amount">
            Paid <Money cents={message.amountCents} />
          </p>
          {message.tokens.length > 0 && (
            // The tokens share what is left of the screen; each sizes its digits from its own
            // box (a size container), so four tokens fit a 1024×600 display whole.
            <ol aria-label="Tokens" className="flex min-h-0 flex-1 flex-col gap-[1.2vh]">
              {message.tokens.map((t) => (
                <li
                  key={`${t.label}-${t.digits}`}
                  className="flex min-h-0 flex-1 items-center gap-[2vw] rounded-[1.5vh] bg-white px-[2vw] text-slate-900 [container-type:size]"
                >
                  <span className="w-[9rem] shrink-0 text-[min(1.25rem,30cqh)] leading-tight font-semibold">
                    {t.label}
                  </span>
                  <span
                    className="font-mono leading-none font-bold whitespace-nowrap"
                    style={{ fontSize: "min(calc((100cqw - 9rem - 2vw) / 14.8), 72cqh)" }}
                    data-testid="display-token"
                  >
                    {tokenGroups(t.digits).join(" ")}
                  </span>
                </li>
              ))}
            </ol>
          )}
          <p className="text-[min(4.5vh,1.875rem)] text-slate-300">Thank you.</p>
        </>
      )}
    </Screen>
  );
}

/** One screen of the display: the whole window, named for a screen reader, its kind in data-display. */
function Screen({
  show,
  className,
  children,
}: {
  show: CustomerDisplayMessage["show"];
  className: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label="Customer display"
      data-display={show}
      className={`flex h-dvh flex-col overflow-hidden ${className}`}
    >
      {children}
    </section>
  );
}

/** A web address that wraps only after a "/": never in the middle of a word or the order's id. */
function breakAtSlashes(address: string): React.ReactNode[] {
  return address
    .split("/")
    .flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, `/${part}`]));
}
