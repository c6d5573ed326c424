"use server";

import { z } from "zod";
import { staffAction } from "@/lib/auth/action";
import { municipalityInJournal } from "@/lib/sales/known-municipality";

/** For a scanned number: the municipality this till sold it for before, if any. Reads only this till's journal. */
export const knownMunicipalityAction = staffAction(
  ["cashier"],
  z.object({
    number: z
      .string()
      .trim()
      .regex(/^\d{4,20}$/, "Scan or type the number."),
  }),
  async (input, staff) => ({
    municipality: await municipalityInJournal(staff.till.id, input.number),
  }),
);
