"use client";

/**
 * A large on-screen number pad for a touch screen: digits, delete the last digit, clear.
 * The buttons are real buttons (a keyboard or a screen reader works too); the value lives
 * with the caller, so clearing the screen clears the number.
 */
interface KeypadProps {
  onDigit(digit: string): void;
  onDelete(): void;
  onClear(): void;
  disabled?: boolean;
  /** Words for the kiosk's language; English by default. */
  labels?: { group: string; clear: string; delete: string };
}

const ENGLISH = { group: "Keypad", clear: "Clear", delete: "Delete last digit" };

const KEY =
  "flex h-20 min-h-12 min-w-0 items-center justify-center rounded-2xl font-semibold shadow active:scale-95 disabled:opacity-50 select-none";
const DIGIT = `${KEY} bg-white text-4xl text-slate-900`;

export function Keypad({ onDigit, onDelete, onClear, disabled, labels = ENGLISH }: KeypadProps) {
  const digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
  return (
    <div role="group" aria-label={labels.group} className="grid w-full max-w-md grid-cols-3 gap-3">
      {digits.map((d) => (
        <button
          key={d}
          type="button"
          disabled={disabled}
          onClick={() => onDigit(d)}
          className={DIGIT}
        >
          {d}
        </button>
      ))}
      <button
        type="button"
        disabled={disabled}
        onClick={onClear}
        // The word for Clear fits its key in every language ("Sula konke"), two lines at most.
        className={`${KEY} bg-slate-600 px-1 text-center text-lg leading-tight text-white sm:text-2xl`}
      >
        {labels.clear}
      </button>
      <button type="button" disabled={disabled} onClick={() => onDigit("0")} className={DIGIT}>
        0
      </button>
      <button
        type="button"
        disabled={disabled}
        onClick={onDelete}
        aria-label={labels.delete}
        className={`${KEY} bg-slate-600 text-4xl text-white`}
      >
        ⌫
      </button>
    </div>
  );
}
