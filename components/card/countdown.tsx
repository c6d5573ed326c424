"use client";

import { useEffect, useState } from "react";

/** Minutes and seconds left until `deadline` (ms since epoch). The server decides what happens at zero. */
export function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <p>
      Time left:{" "}
      <span
        role="timer"
        aria-label="Time left to pay"
        data-testid="card-payment-countdown"
        className="font-mono text-lg font-semibold"
      >
        {text}
      </span>
      {left === 0 && <span className="ml-2">Checking the payment one last time…</span>}
    </p>
  );
}
