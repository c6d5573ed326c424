import type { Metadata } from "next";

export const metadata: Metadata = { title: "Pay your traffic fines" };

export default function KioskStart() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-10 pt-16 text-center">
      <h1 className="text-5xl font-bold">Pay your traffic fines</h1>
      <p className="text-3xl text-slate-200">Look up your fines with your ID number or a notice number, and pay by card.</p>
      <p className="rounded-xl bg-slate-700 px-8 py-6 text-2xl" data-testid="kiosk-not-ready">
        Traffic fines at this kiosk are not available yet in this version of Kassa.
      </p>
    </div>
  );
}
