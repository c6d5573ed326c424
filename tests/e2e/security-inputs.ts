import fc from "fast-check";

/**
 * Generated inputs for a server action, from the plausible input in security-table.ts:
 * anything at all, or that input with one field of the wrong JSON type. staffAction must
 * answer every one with its validation refusal (given before the action's body runs).
 */
export const VALIDATION = "Please correct the marked fields.";

const isObject = (x: unknown) => typeof x === "object" && x !== null && !Array.isArray(x);
const isEmptyObject = (x: unknown) => isObject(x) && Object.keys(x as object).length === 0;

/** A value of another JSON type than `like`: a string field gets a number, an object, null... */
function wrongType(like: unknown): fc.Arbitrary<unknown> {
  const all: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.string(),
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true })),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(fc.jsonValue(), { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
  };
  const kind = like === null ? "null" : Array.isArray(like) ? "array" : typeof like;
  return fc.oneof(
    ...Object.entries(all)
      .filter(([k]) => k !== kind)
      .map(([, a]) => a),
  );
}

export interface Generated {
  input: unknown;
  /** The field given the wrong type: its error must be keyed by it. */
  field?: string;
}

export function generatedInputs(valid: unknown): fc.Arbitrary<Generated> {
  // An action without input (z.object({})) accepts any object, extra keys stripped: only a
  // non-object must be refused there.
  const anything = fc
    .anything({ maxDepth: 2 })
    .filter((x) => !(isEmptyObject(valid) ? isObject(x) : isEmptyObject(x)))
    .map((input) => ({ input }));
  const fields = isObject(valid) ? Object.keys(valid as object) : [];
  if (!fields.length) return anything;
  const oneFieldWrong = fc.constantFrom(...fields).chain((field) =>
    wrongType((valid as Record<string, unknown>)[field]).map((v) => ({
      input: { ...(valid as object), [field]: v },
      field,
    })),
  );
  return fc.oneof(anything, oneFieldWrong);
}

/** Whether an action's answer is the validation refusal, with the error by the wrong field. */
export function isValidationRefusal(
  result: { ok: boolean; error?: string; fieldErrors?: Record<string, string> } | undefined,
  field?: string,
): boolean {
  if (!result || result.ok || result.error !== VALIDATION) return false;
  return !field || Object.keys(result.fieldErrors ?? {}).some((k) => k.split(".")[0] === field);
}
