"use server";

import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { careSaleFor, notYours, storyOfMeter } from "@/lib/care/helper";
import { recordCareCase } from "@/lib/care/journal";
import { nextStep, type NextStep } from "@/lib/care/next-step";
import type { MeterCodes } from "@/lib/care/story";
import { PREPAID_MUNICIPALITIES, type PrepaidMunicipality } from "@/lib/municipalities";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { confirmMeter } from "@/lib/kinds/electricity/upstream";
import { careSaleSchema, careStepSchema } from "./schema";

/**
 * "Token not accepted": what the meter shows → the next step, recorded as a case (sale,
 * code, outcome, cashier) for the supervisor's list. Reads the journal only: nothing is sold
 * and the core service is not called.
 */
export const careStepAction = staffAction(
  ["cashier"],
  careStepSchema,
  async (input, staff): Promise<NextStep & { caseId: string }> => {
    const sale = (await careSaleFor(staff, input.saleId)) ?? notYours();
    const story = await storyOfMeter(sale.reference);
    const step = nextStep(story, input);
    const caseId = await recordCareCase({
      saleId: sale.id,
      meterNumber: sale.reference,
      code: input.code,
      outcome: step.outcome,
      userId: staff.userId,
      tillId: staff.till.id,
    });
    await audit(actorOf(staff), "care_case_recorded", sale.id, {
      caseId,
      meterNumber: sale.reference,
      code: input.code,
      outcome: step.outcome,
    });
    return { ...step, caseId };
  },
);

/**
 * The one call to the core service the helper makes, and only when the cashier asks: confirm
 * the meter, to compare its codes now with those the token was made for.
 */
export const confirmMeterForCareAction = staffAction(
  ["cashier"],
  careSaleSchema,
  async (input, staff): Promise<MeterCodes> => {
    const sale = (await careSaleFor(staff, input.saleId)) ?? notYours();
    const municipality = (sale.request as { municipality?: string }).municipality;
    if (!PREPAID_MUNICIPALITIES.includes(municipality as PrepaidMunicipality)) notYours();
    await limitOrRefuse("lookUp", staff.userId, actorOf(staff), "confirm_meter");
    const customer = await confirmMeter({
      meterNumber: sale.reference,
      municipality: municipality as PrepaidMunicipality,
    });
    await audit(actorOf(staff), "care_meter_confirmed", sale.id, {
      meterNumber: sale.reference,
      ...customer.meter,
    });
    return customer.meter;
  },
);
