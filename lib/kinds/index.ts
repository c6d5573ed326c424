import "server-only";
import type { Sale, SaleKind } from "@/lib/db/schema";
import { billKind } from "@/lib/kinds/bill/kind";
import { electricityKind } from "@/lib/kinds/electricity/kind";
import { finesKind } from "@/lib/kinds/fines/kind";
import { describeSale, KIND_META } from "@/lib/kinds/meta";
import type { OrderDraft, SaleKindModule } from "@/lib/kinds/types";
import { vasKind } from "@/lib/kinds/vas/kind";

/**
 * The registry of kinds of sale, each read through its own schemas. Everything that differs
 * per kind reads it; a new kind in SALE_KINDS makes the compiler ask for its entry here.
 */
export interface KindOf {
  label: string;
  /** Where "New sale" goes after its slip. */
  newSalePath: string;
  /** Unknown and sent, it may be repeated under its own key: the core service is idempotent on it. */
  repeatable: boolean;
  unknownStep: SaleKindModule["unknownStep"];
  /** Parses the stored request and calls the core service. */
  fulfil: (sale: Sale) => Promise<unknown>;
  /** Lines of a card order; null when the stored request cannot be read. */
  orderLines: (sale: Pick<Sale, "amountCents" | "reference" | "request">) => OrderDraft[] | null;
  vatApplies: (request: unknown) => boolean;
  /** What the sale is for, in the middle of a sentence ("Telkom 5 GB data for 081 555 0303"). */
  describe: (sale: Pick<Sale, "reference" | "request">) => string;
}

function uniform<Req, Res>(module: SaleKindModule<Req, Res>) {
  return {
    label: KIND_META[module.kind].label,
    newSalePath: KIND_META[module.kind].path,
    repeatable: module.unknownStep === "retry",
    unknownStep: module.unknownStep,
    fulfil: (sale: Sale) => module.fulfil(sale, module.request.parse(sale.request)),
    orderLines: (sale: Pick<Sale, "amountCents" | "reference" | "request">) => {
      const request = module.request.safeParse(sale.request);
      return request.success ? module.orderLines(sale, request.data) : null;
    },
    vatApplies: (request: unknown) => {
      const parsed = module.request.safeParse(request);
      return parsed.success ? module.vatApplies(parsed.data) : false;
    },
    describe: (sale: Pick<Sale, "reference" | "request">) => {
      const parsed = module.describe ? module.request.safeParse(sale.request) : null;
      return parsed?.success && module.describe
        ? module.describe(parsed.data)
        : describeSale(module.kind, sale.reference);
    },
  };
}

const UNIFORM: Record<SaleKind, KindOf> = {
  electricity: uniform(electricityKind),
  bill: uniform(billKind),
  fines: uniform(finesKind),
  vas: uniform(vasKind),
};

export function kindOf(kind: SaleKind): KindOf {
  return UNIFORM[kind];
}
