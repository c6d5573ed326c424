/**
 * What the cashier tells the customer next, from what the meter shows and the meter's story.
 * Pure: the helper's action records the outcome with the case; the tests walk every code.
 */
import { groupTokenDigits } from "@/lib/slip/tokens";
import { municipalityLabel } from "@/lib/municipalities";
import { METER_CODES, type MeterCodeId } from "./meter-codes";
import type { MeterCodes, MeterStory, StoryToken } from "./story";

export const OUTCOMES = [
  "enter_in_order",
  "second_key_change",
  "already_used",
  "wrong_meter",
  "municipality",
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_LABELS: Record<Outcome, string> = {
  enter_in_order: "Enter the tokens in this order",
  second_key_change: "Enter the other key-change token within minutes",
  already_used: "Token already used",
  wrong_meter: "Token for another meter",
  municipality: "Needs the municipality",
};

export interface StepAnswers {
  code: MeterCodeId;
  /** The number on the customer's meter is not the one sold to. */
  otherMeter?: boolean;
  /** The customer says both key-change tokens are already in. */
  keyChangeEntered?: boolean;
  /** The meter's codes as the core service gives them now (the cashier's confirm). */
  confirmed?: MeterCodes | null;
}

export interface NextStep {
  outcome: Outcome;
  title: string;
  steps: string[];
  /** The municipality, by name, when the customer must go there. */
  municipality: string | null;
}

/** Many meters forget the first key-change token if the second does not follow within this. */
export const KEY_CHANGE_MINUTES = 10;

export const municipalityName = (value: string | null): string =>
  value ? municipalityLabel(value) : "the municipality";

const tokenLine = (t: StoryToken) => `${t.label}: ${groupTokenDigits(t.digits)}`;

function differs(a: MeterCodes, b: MeterCodes): boolean {
  return (
    (a.sgc !== null && b.sgc !== null && a.sgc !== b.sgc) ||
    (a.krn !== null && b.krn !== null && a.krn !== b.krn) ||
    (a.ti !== null && b.ti !== null && a.ti !== b.ti)
  );
}

function inOrder(story: MeterStory): NextStep {
  const steps: string[] = [];
  if (story.keyChange && story.beforeKeyChange.length > 0)
    steps.push(
      "If the customer still has unused tokens bought before the key change (listed below as not loadable after it), enter those first: once the key-change tokens are in, they never load.",
    );
  story.toEnter.forEach((t, i) => {
    const wait =
      t.kind === "key_change" && t.label.endsWith("1")
        ? ` and wait until the meter accepts it; the next one within ${KEY_CHANGE_MINUTES} minutes`
        : "";
    steps.push(`${i + 1}. ${tokenLine(t)}${wait}.`);
  });
  return {
    outcome: "enter_in_order",
    title: OUTCOME_LABELS.enter_in_order,
    steps,
    municipality: null,
  };
}

function municipality(story: MeterStory, why: string): NextStep {
  const name = municipalityName(story.municipality);
  return {
    outcome: "municipality",
    title: `${OUTCOME_LABELS.municipality}: ${name}`,
    steps: [
      why,
      `Only ${name} can put this right. Send the customer to ${name} with the slip and its receipt number.`,
      "Do not sell again for this problem: a new token would be refused the same way.",
    ],
    municipality: name,
  };
}

function wrongMeter(story: MeterStory): NextStep {
  const name = municipalityName(story.municipality);
  return {
    outcome: "wrong_meter",
    title: OUTCOME_LABELS.wrong_meter,
    steps: [
      `The tokens were sold for meter ${story.meterNumber}: no other meter takes them, and a token cannot be cancelled.`,
      "Read the number off the customer's meter (or its keypad) and write it on the slip.",
      "Sell to the right meter only as a new sale the customer pays for.",
      `For the money of the wrong token the customer asks ${name} (or the owner of meter ${story.meterNumber}), with this slip and its receipt number.`,
      "Tell a supervisor: this case is on their list.",
    ],
    municipality: name,
  };
}

export function nextStep(story: MeterStory, answers: StepAnswers): NextStep {
  const code = METER_CODES[answers.code];
  const latest = story.sales[0];
  switch (code.id) {
    case "AAAAA":
    case "rEJECt":
      if (answers.otherMeter) return wrongMeter(story);
      if (story.keyChange && !answers.keyChangeEntered) return inOrder(story);
      if (answers.confirmed && latest && differs(answers.confirmed, latest.meter))
        return municipality(
          story,
          "The meter's codes at the municipality now differ from the codes the token was made for.",
        );
      return municipality(
        story,
        `Type the token once more, slowly. If the meter shows ${code.shown} again, the meter and the municipality's records do not match.`,
      );
    case "dddd":
    case "USEd":
      return {
        outcome: "already_used",
        title: OUTCOME_LABELS.already_used,
        steps: [
          "The meter already took this token: its units are on the meter (check the credit on the display).",
          "The token can be thrown away. Go on with the next token in the list, if any.",
        ],
        municipality: null,
      };
    case "PLS_2nd":
    case "PLS_1St": {
      const wanted = code.id === "PLS_2nd" ? "Key change 2" : "Key change 1";
      const token = story.toEnter.find((t) => t.label === wanted);
      return {
        outcome: "second_key_change",
        title: OUTCOME_LABELS.second_key_change,
        steps: [
          `Enter ${token ? tokenLine(token) : wanted} now, within ${KEY_CHANGE_MINUTES} minutes of the other one.`,
          `After more than ${KEY_CHANGE_MINUTES} minutes the meter forgets the first: start again with both key-change tokens.`,
          "Then enter the credit token.",
        ],
        municipality: null,
      };
    }
    case "OLd":
      return municipality(
        story,
        story.beforeKeyChange.length > 0
          ? "This token was bought before the key change: it can no longer load."
          : "The meter calls this token too old to load.",
      );
  }
}
