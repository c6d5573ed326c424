"use client";

/** A step's two ways out (the customer's finger): back, and on — the larger, off while busy or empty. */
export function BackAndGo({
  back,
  onBack,
  go,
  onGo,
  busy,
  ready,
  compact = false,
}: {
  back: string;
  onBack(): void;
  go: string;
  onGo(): void;
  busy: boolean;
  /** Something to go on with: a digit typed, a fine chosen. */
  ready: boolean;
  /** Smaller on a phone, where the list above needs the room. */
  compact?: boolean;
}) {
  const size = compact ? "py-4 text-2xl sm:py-5 sm:text-3xl" : "py-6 text-3xl";
  return (
    <div className="flex w-full gap-4">
      <button
        type="button"
        onClick={onBack}
        className={`min-h-12 flex-1 rounded-2xl bg-slate-600 ${size}`}
      >
        {back}
      </button>
      <button
        type="button"
        onClick={onGo}
        disabled={busy || !ready}
        aria-busy={busy}
        className={`min-h-12 flex-[2] rounded-2xl bg-brand font-semibold disabled:opacity-50 ${size}`}
      >
        {go}
      </button>
    </div>
  );
}
