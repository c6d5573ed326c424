"use client";

import { forwardRef, useId, useState } from "react";
import { matchMunicipalities, type MunicipalityOption } from "@/lib/scanner/municipality";
import { inputClass } from "./fields";

interface Props {
  value: string;
  options: readonly MunicipalityOption[];
  error?: string;
  onChange(value: string): void;
  /** Enter on a chosen municipality confirms the number (it never opens a list). */
  onConfirm(value: string): void;
}

/**
 * The municipality as a type-ahead: type a few letters, the first match is taken, arrows
 * move through the matches, Enter confirms. A combobox (ARIA 1.2) with its list of matches.
 */
export const MunicipalityCombobox = forwardRef<HTMLInputElement, Props>(
  function MunicipalityCombobox({ value, options, error, onChange, onConfirm }, ref) {
    const id = useId();
    const chosen = options.find((o) => o.value === value);
    const [query, setQuery] = useState<string | null>(null);
    const [active, setActive] = useState(0);
    const typing = query !== null;
    const matches = typing ? matchMunicipalities(query, options) : [];
    const listId = `${id}-list`;

    function pick(option: MunicipalityOption | undefined) {
      if (!option) return;
      setQuery(null);
      onChange(option.value);
    }

    function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const list = typing ? matches : [...options];
        if (!typing) setQuery("");
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((a) => (list.length === 0 ? 0 : (a + step + list.length) % list.length));
        return;
      }
      if (event.key === "Escape" && typing) {
        event.preventDefault();
        setQuery(null);
        return;
      }
      if (event.key === "Enter") {
        event.preventDefault();
        const option = typing ? (query === "" ? options[active] : matches[active]) : chosen;
        if (!option) return;
        pick(option);
        onConfirm(option.value);
      }
    }

    return (
      <div className="relative flex flex-col gap-1">
        <label htmlFor={`${id}-input`} className="font-medium">
          Municipality
        </label>
        <input
          ref={ref}
          id={`${id}-input`}
          role="combobox"
          aria-expanded={typing && matches.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={
            typing && matches[active] ? `${id}-${matches[active].value}` : undefined
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          autoComplete="off"
          placeholder="Type to find…"
          value={typing ? query : (chosen?.name ?? "")}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (typing && query !== "") pick(matches[0]);
            else setQuery(null);
          }}
          className={`${inputClass} min-h-11`}
        />
        {typing && matches.length > 0 && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Municipalities"
            className="absolute top-full z-10 mt-1 max-h-64 w-full overflow-auto rounded border border-slate-400 bg-white shadow"
          >
            {(query === "" ? options : matches).map((o, i) => (
              <li
                key={o.value}
                id={`${id}-${o.value}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(o);
                }}
                className={`min-h-11 cursor-pointer px-3 py-2 ${i === active ? "bg-brand text-white" : ""}`}
              >
                {o.name}
              </li>
            ))}
          </ul>
        )}
        <p
          id={`${id}-error`}
          aria-live="polite"
          className="min-h-6 text-sm font-medium text-danger"
        >
          {error}
        </p>
      </div>
    );
  },
);
