/**
 * What a prepaid meter shows when it does not take a token: the short list the cashier picks
 * from, each as the meter spells it on its seven-segment display. Sources are cited in
 * docs/customer-care.md. Pure: the helper page and its tests read it.
 */

export const METER_CODE_IDS = [
  "AAAAA",
  "dddd",
  "PLS_2nd",
  "PLS_1St",
  "rEJECt",
  "USEd",
  "OLd",
] as const;
export type MeterCodeId = (typeof METER_CODE_IDS)[number];

export interface MeterCode {
  id: MeterCodeId;
  /** The text as the display spells it (seven segments: "d" is lower case, "_" a low bar). */
  shown: string;
  /** Which meters show it. */
  makes: string;
  /** What it means, in the cashier's words. */
  meaning: string;
}

export const METER_CODES: Record<MeterCodeId, MeterCode> = {
  AAAAA: {
    id: "AAAAA",
    shown: "AAAAA",
    makes: "Conlog",
    meaning:
      "Invalid token: it does not fit this meter (meter number, supply group, tariff index or key revision), or it was typed wrong",
  },
  dddd: {
    id: "dddd",
    shown: "dddd",
    makes: "Conlog",
    meaning: "Used or duplicate token: the meter already took this token",
  },
  PLS_2nd: {
    id: "PLS_2nd",
    shown: "PLS_2nd",
    makes: "CLOU and others",
    meaning: "The first key-change token was taken: the meter waits for the second",
  },
  PLS_1St: {
    id: "PLS_1St",
    shown: "PLS_1St",
    makes: "CLOU and others",
    meaning: "The second key-change token was taken first: the meter waits for the first",
  },
  rEJECt: {
    id: "rEJECt",
    shown: "rEJECt",
    makes: "Many makes (the STS result 'reject')",
    meaning: "Rejected: the token does not fit this meter, or it was typed wrong",
  },
  USEd: {
    id: "USEd",
    shown: "USEd",
    makes: "Many makes (the STS result 'used')",
    meaning: "Used: the meter already took this token",
  },
  OLd: {
    id: "OLd",
    shown: "OLd",
    makes: "Many makes (the STS result 'old')",
    meaning:
      "Old: the token is older than the meter accepts, as are tokens bought before a key change once the key change is in",
  },
};

export function isMeterCode(value: string): value is MeterCodeId {
  return (METER_CODE_IDS as readonly string[]).includes(value);
}
