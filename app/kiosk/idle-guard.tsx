"use client";

import { useEffect, useRef, useState } from "react";

/** The last seconds show a "Still there?" countdown. */
const WARN_MS = 15_000;

const ACTIVITY = ["pointerdown", "touchstart", "keydown"] as const;

/**
 * Calls onIdle after `idleMs` (KASSA_KIOSK_IDLE_SECONDS) without a touch or a key. Any touch restarts the clock; in
 * the last seconds a full-screen "Still there?" with a countdown asks the customer. Time
 * is read from Date.now() and timers only, so a test can fast-forward it (page.clock).
 */
export function IdleGuard({
  onIdle,
  text,
  idleMs,
  active = true,
}: {
  onIdle(): void;
  /** In the customer's language; `clearsIn` holds a `{seconds}` slot. */
  text: { title: string; clearsIn: string; stay: string };
  idleMs: number;
  active?: boolean;
}) {
  const last = useRef(0);
  const [left, setLeft] = useState(idleMs);
  const idle = useRef(onIdle);
  useEffect(() => {
    idle.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!active) return;
    last.current = Date.now();
    const touched = () => {
      last.current = Date.now();
      setLeft(idleMs);
    };
    for (const e of ACTIVITY) window.addEventListener(e, touched, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, idleMs - (Date.now() - last.current));
      setLeft(remaining);
      if (remaining === 0) {
        last.current = Date.now();
        idle.current();
      }
    }, 1_000);
    return () => {
      for (const e of ACTIVITY) window.removeEventListener(e, touched, { capture: true });
      window.clearInterval(timer);
    };
  }, [active, idleMs]);

  if (!active || left > WARN_MS || left === 0) return null;
  const [before, after = ""] = text.clearsIn.split("{seconds}");
  return (
    <div
      role="alertdialog"
      aria-labelledby="still-there"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-slate-950/90 text-center"
    >
      <p id="still-there" className="text-5xl font-bold">
        {text.title}
      </p>
      <p className="text-3xl">
        {before}
        <span data-testid="idle-countdown">{Math.ceil(left / 1000)}</span>
        {after}
      </p>
      <button
        type="button"
        className="min-h-12 rounded-2xl bg-brand px-12 py-6 text-3xl font-semibold"
      >
        {text.stay}
      </button>
    </div>
  );
}
