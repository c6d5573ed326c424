"use client";

import { useEffect, useState } from "react";
import { Keypad } from "@/components/ui/keypad";
import type { KioskText } from "@/lib/i18n/kiosk-text";
import { BackAndGo } from "./back-and-go";

const MAX_DIGITS = { id: 13, notice: 20 } as const;

interface Props {
  kind: "id" | "notice";
  text: KioskText;
  digits: string;
  error: string | null;
  busy: boolean;
  onDigits(digits: string): void;
  onLookUp(): void;
  onBack(): void;
}

/**
 * The customer types a number on the keypad. The field is read-only (the keypad, or a
 * keyboard's digit keys, fill it) so the browser never offers to remember it. On a wide
 * screen (1280×800) the keypad stands beside the field so "Look up fines" stays in view.
 */
export function NumberEntry({
  kind,
  text,
  digits,
  error,
  busy,
  onDigits,
  onLookUp,
  onBack,
}: Props) {
  const label = kind === "id" ? text.entry.idLabel : text.entry.noticeLabel;
  // An ID number is personal and shown in large digits: masked except its last 4 unless asked.
  const [reveal, setReveal] = useState(false);
  const masked = kind === "id" && !reveal;
  const add = (d: string) => onDigits((digits + d).slice(0, MAX_DIGITS[kind]));

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (/^\d$/.test(event.key)) onDigits((digits + event.key).slice(0, MAX_DIGITS[kind]));
      else if (event.key === "Backspace") onDigits(digits.slice(0, -1));
      else if (event.key === "Enter" && !busy) onLookUp();
      else return;
      event.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [digits, kind, busy, onDigits, onLookUp]);

  return (
    <div className="mx-auto grid w-full max-w-5xl items-center gap-6 pt-4 landscape:grid-cols-2 portrait:max-w-xl portrait:md:pt-16">
      <div className="flex flex-col gap-4">
        <label className="flex w-full flex-col gap-2">
          <span className="text-3xl font-semibold">{label}</span>
          <input
            readOnly
            value={masked ? maskId(digits) : digits}
            data-testid="kiosk-number"
            inputMode="none"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby="kiosk-number-error"
            placeholder={kind === "id" ? text.entry.idPlaceholder : text.entry.noticePlaceholder}
            // A notice's 20 digits fit a phone's 390 px whole: smaller digits there, never cut.
            className="w-full rounded-2xl bg-white px-3 py-5 text-center font-mono text-2xl text-slate-900 sm:px-6 sm:text-4xl sm:tracking-widest"
          />
        </label>
        {kind === "id" && (
          <button
            type="button"
            onClick={() => setReveal(!reveal)}
            aria-pressed={reveal}
            className="min-h-12 rounded-xl bg-slate-600 px-6 py-3 text-2xl"
          >
            {reveal ? text.entry.hide : text.entry.show}
          </button>
        )}
        <p
          id="kiosk-number-error"
          aria-live="assertive"
          className="min-h-10 text-center text-2xl text-red-300"
        >
          {error}
        </p>
        <BackAndGo
          back={text.entry.back}
          onBack={onBack}
          go={text.entry.lookUp}
          onGo={onLookUp}
          busy={busy}
          ready={digits.length > 0}
        />
      </div>
      <div className="flex justify-center">
        <Keypad
          onDigit={add}
          onDelete={() => onDigits(digits.slice(0, -1))}
          onClear={() => onDigits("")}
          disabled={busy}
          labels={text.keypad}
        />
      </div>
    </div>
  );
}

/** Every digit but the last 4 as a dot: 8001015009087 → •••••••••9087. */
function maskId(digits: string): string {
  return digits.length <= 4 ? digits : "•".repeat(digits.length - 4) + digits.slice(-4);
}
