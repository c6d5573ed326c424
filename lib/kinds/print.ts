/**
 * Each kind's slip body on the printer's roll (lib/kinds/<kind>/print.ts); a new kind makes
 * the compiler ask for one. lib/printing/slip-commands.ts puts the whole slip together.
 */
import type { SaleKind } from "@/lib/sales/types";
import type { PrintBody } from "@/lib/printing/slip-paper";
import { printBill } from "@/lib/kinds/bill/print";
import { printElectricity } from "@/lib/kinds/electricity/print";
import { printFines } from "@/lib/kinds/fines/print";
import { printVas } from "@/lib/kinds/vas/print";

export const PRINT_BODY: Record<SaleKind, PrintBody> = {
  electricity: printElectricity,
  bill: printBill,
  fines: printFines,
  vas: printVas,
};
