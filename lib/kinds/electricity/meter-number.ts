import { luhnValid } from "@/lib/sa-id";

/**
 * STS prepaid meter numbers of 11 digits (and the newer 13) end in a Luhn check digit, as
 * the sandbox's do (docs/sandbox.md). One that does not add up was mistyped: the cashier is
 * told so before anything is sent, instead of the municipality's "not known". Other lengths
 * (older meters) carry no rule Kassa knows and go to the municipality as typed. Pure.
 */
export function meterLooksMistyped(meterNumber: string): boolean {
  return (
    /^\d+$/.test(meterNumber) &&
    (meterNumber.length === 11 || meterNumber.length === 13) &&
    !luhnValid(meterNumber)
  );
}

export const METER_MISTYPED_MESSAGE =
  "This meter number looks mistyped: its last digit does not match the others. Check it with the customer.";
