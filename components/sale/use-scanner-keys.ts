"use client";

import { useCallback } from "react";
import { inferMunicipality, type MunicipalityOption } from "@/lib/scanner/municipality";
import { knownMunicipalityAction } from "@/lib/actions/scan";
import { compactNumber } from "@/lib/typed-number";

/**
 * The number field's Enter and Tab, as a scanner sends them after the digits. When the
 * municipality is known (chosen, the only one, or in the journal for this number) they
 * confirm at once; otherwise the focus goes to the municipality, where Enter confirms.
 * Tab with an empty number moves on as usual.
 */
export function useScannerKeys(p: {
  value: string;
  municipality: string;
  options: readonly MunicipalityOption[];
  onMunicipality(value: string): void;
  onConfirm(municipality: string): void;
  focusMunicipality(): void;
}) {
  const { value, municipality, options, onMunicipality, onConfirm, focusMunicipality } = p;
  return useCallback(
    async (event: React.KeyboardEvent<HTMLInputElement>) => {
      if ((event.key !== "Enter" && event.key !== "Tab") || event.shiftKey || value.trim() === "")
        return;
      event.preventDefault();
      let known = inferMunicipality({ chosen: municipality, options, fromJournal: null });
      const digits = compactNumber(value);
      if (!known && /^\d{4,20}$/.test(digits)) {
        const answer = await knownMunicipalityAction({ number: digits });
        known = inferMunicipality({
          chosen: "",
          options,
          fromJournal: answer.ok ? answer.data.municipality : null,
        });
      }
      if (known) {
        if (known !== municipality) onMunicipality(known);
        onConfirm(known);
      } else {
        focusMunicipality();
      }
    },
    [value, municipality, options, onMunicipality, onConfirm, focusMunicipality],
  );
}
