/**
 * A barcode scanner types a meter or account number and then Enter or Tab. Whether that
 * can confirm at once depends on knowing the municipality: chosen on the screen, the only
 * one that fits, or the one this number was sold for before (the journal). Pure.
 */
export interface MunicipalityOption {
  value: string;
  name: string;
}

export function inferMunicipality(input: {
  chosen: string;
  options: readonly MunicipalityOption[];
  fromJournal: string | null;
}): string | null {
  const valid = (v: string | null) => (v && input.options.some((o) => o.value === v) ? v : null);
  return (
    valid(input.chosen) ??
    valid(input.fromJournal) ??
    (input.options.length === 1 ? input.options[0]!.value : null)
  );
}
