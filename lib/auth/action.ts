import "server-only";
import { z } from "zod";
import type { Role } from "@/lib/db/schema";
import { isDatabaseDown } from "@/lib/db/down";
import { ActionError, logUnexpected, type ActionCode, type ActionResult } from "@/lib/errors";
import { isUpstreamError, type UpstreamError } from "@/lib/upstream";
import { AccessDenied, requireRole, type Staff } from "./staff";

/** The code of a core-service refusal: the upstream's own error number where it gave one. */
function upstreamCode(error: UpstreamError): ActionCode {
  if (error.kind === "rejected" && error.code !== undefined) return `rejected_${error.code}`;
  return `upstream_${error.kind}`;
}

export interface StaffActionOptions {
  /** The field a refusal of the core service belongs next to (the meter number, the account ...). */
  upstreamField?: (error: UpstreamError) => string | undefined;
}

/** Said when the journal database cannot be reached before the action did anything. */
export const DATABASE_DOWN_MESSAGE =
  "Kassa cannot reach its journal database right now, so nothing was sold or sent. Try again in a moment.";

/** Said when the journal went away while the action ran: the sale may have been recorded. */
export const DATABASE_DOWN_AFTER_START_MESSAGE =
  "Kassa lost its journal database during this action. Check the sale in History before selling again.";

/** First message per field; works for full zod's and zod/mini's errors alike. */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Wrap a server action: check the role first, then parse the input with zod, then run.
 * Bad input answers field errors and never reaches the body (so never the core service).
 * Any zod 4 schema: full zod, or zod/mini where a client form shares the schema.
 */
export function staffAction<S extends z.core.$ZodType, T>(
  roles: Role[],
  schema: S,
  body: (input: z.infer<S>, staff: Staff) => Promise<T>,
  options: StaffActionOptions = {},
): (input: unknown) => Promise<ActionResult<T>> {
  return async (input: unknown) => {
    let staff: Staff;
    try {
      staff = await requireRole(...roles);
    } catch (error) {
      if (error instanceof AccessDenied)
        return { ok: false, error: error.message, code: "access_denied" };
      // The role check is the action's first read: a database that is down stops it here,
      // before the body (so before the core service), and the cashier is told plainly.
      if (isDatabaseDown(error))
        return { ok: false, error: DATABASE_DOWN_MESSAGE, code: "database_down" };
      throw error;
    }
    const parsed = z.safeParse(schema, input);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      return {
        ok: false,
        error: "Please correct the marked fields.",
        fieldErrors,
        code: "invalid_input",
      };
    }
    try {
      return { ok: true, data: await body(parsed.data, staff) };
    } catch (error) {
      if (error instanceof ActionError) {
        return {
          ok: false,
          error: error.message,
          fieldErrors: error.field ? { [error.field]: error.message } : undefined,
          ...(error.duplicateOf ? { duplicateOf: error.duplicateOf } : {}),
          code: error.code,
        };
      }
      // The one translation of the core service's refusals into the screen's words.
      if (isUpstreamError(error)) {
        const field = options.upstreamField?.(error);
        return {
          ok: false,
          error: error.cashierMessage,
          fieldErrors: field ? { [field]: error.cashierMessage } : undefined,
          code: upstreamCode(error),
        };
      }
      if (isDatabaseDown(error))
        return { ok: false, error: DATABASE_DOWN_AFTER_START_MESSAGE, code: "database_down" };
      logUnexpected("action failed", error);
      return {
        ok: false,
        error:
          "Something went wrong on the server. Check the sale in History before selling again.",
        code: "server_error",
      };
    }
  };
}
