import type { FieldValues, Resolver } from "react-hook-form";
import type { standardSchemaResolver } from "@hookform/resolvers/standard-schema";

/** A form's shared zod/mini schema (any Standard Schema whose input and output are the form's values). */
export type FormSchema<T extends FieldValues> = Parameters<
  typeof standardSchemaResolver<T, unknown, T>
>[0];

/**
 * The react-hook-form resolver of every Kassa form: it checks the values against the form's
 * shared zod/mini schema, which `load` imports (`() => import("./schema").then((m) => m.x)`).
 *
 * The schema module, zod and the resolver are fetched the first time the form is checked (its
 * first submit), not with the page: under Turbopack zod/mini costs about 16 KiB gzip however
 * little of it a form uses, more than a till page's budget leaves. A client file therefore
 * imports a schema module only through `load` (types with `import type`).
 *
 * When the load fails (Kassa unreachable, or a page left open across an upgrade whose files
 * are gone), the submit goes on unchecked: the server action parses the same schema first
 * and answers its messages by field, so the form is never stuck. The next submit tries the
 * load again.
 */
export function schemaResolver<T extends FieldValues>(
  load: () => Promise<FormSchema<T>>,
): Resolver<T> {
  let resolver: Promise<Resolver<T> | null> | null = null;
  return async (values, context, options) => {
    resolver ??= Promise.all([load(), import("@hookform/resolvers/standard-schema")]).then(
      ([schema, { standardSchemaResolver }]) => standardSchemaResolver(schema),
      () => {
        resolver = null;
        return null;
      },
    );
    const check = await resolver;
    return check ? check(values, context, options) : { values, errors: {} };
  };
}
