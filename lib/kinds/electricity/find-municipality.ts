import "server-only";
import { ActionError } from "@/lib/errors";
import {
  MUNICIPALITY_NAMES,
  PREPAID_MUNICIPALITIES,
  type PrepaidMunicipality,
} from "@/lib/municipalities";
import { isUpstreamError } from "@/lib/upstream";
import { confirmMeter, type MeterCustomer } from "@/lib/kinds/electricity/upstream";

/** The core service's "meter not known to the municipality" (docs/upstream-assumptions.md). */
const NOT_KNOWN = 1001;

const notKnown = (error: unknown) =>
  isUpstreamError(error) && error.kind === "rejected" && error.code === NOT_KNOWN;

export interface FoundMeter {
  customer: MeterCustomer;
  /** The municipality that knows the meter: the one asked, or another prepaid one. */
  municipality: PrepaidMunicipality;
}

/**
 * Confirm a meter with the municipality the cashier chose (often the one the till remembered)
 * and, when that one does not know it, with each other prepaid municipality of the spec in
 * turn, one confirm each, stopping at the first that knows it: a Zeerust meter typed while
 * Tshwane is remembered is found, and the cashier is told where. When none knows it the meter
 * number is wrong; when the others could not all be asked, the cashier chooses.
 */
export async function confirmMeterAnywhere(
  meterNumber: string,
  asked: PrepaidMunicipality,
  confirm: typeof confirmMeter = confirmMeter,
): Promise<FoundMeter> {
  try {
    return { customer: await confirm({ meterNumber, municipality: asked }), municipality: asked };
  } catch (error) {
    if (!notKnown(error)) throw error;
  }
  for (const municipality of PREPAID_MUNICIPALITIES.filter((m) => m !== asked)) {
    try {
      return { customer: await confirm({ meterNumber, municipality }), municipality };
    } catch (error) {
      if (notKnown(error)) continue;
      throw new ActionError(
        `${MUNICIPALITY_NAMES[asked]} does not know meter ${meterNumber}, and Kassa could not ask the other municipalities now. Choose the customer's municipality and confirm again.`,
        "municipality",
        { code: "choose_municipality" },
      );
    }
  }
  throw new ActionError(
    `No prepaid municipality knows meter ${meterNumber}. Check the number with the customer.`,
    "meterNumber",
    { code: "meter_not_known" },
  );
}
