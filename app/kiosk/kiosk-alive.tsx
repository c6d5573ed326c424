"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { kioskAliveAction } from "./actions";

/** Report a touch at most this often: the server's idle limit for a kiosk is 2 minutes. */
const REPORT_EVERY_MS = 30_000;

/**
 * Tells the server the kiosk is in use when someone touches it, so that its session ends
 * only after 2 minutes without a touch. When the session has ended, the kiosk shows sign-in.
 */
export function KioskAlive() {
  const router = useRouter();
  useEffect(() => {
    let last = Date.now();
    const touched = () => {
      if (Date.now() - last < REPORT_EVERY_MS) return;
      last = Date.now();
      void kioskAliveAction({}).then((r) => {
        if (!r.ok) router.replace("/login");
      });
    };
    for (const e of ["pointerdown", "keydown"] as const)
      window.addEventListener(e, touched, { capture: true, passive: true });
    return () => {
      for (const e of ["pointerdown", "keydown"] as const)
        window.removeEventListener(e, touched, { capture: true });
    };
  }, [router]);
  return null;
}
