"use client";

import { useState } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import type { ActionResult } from "@/lib/errors";

/**
 * A form whose values go to one server action: its shared schema checks them in the browser
 * first (`resolver`, from schemaResolver), then `send` calls the action. The action's messages
 * stand beside their fields (a refused `confirm` is emptied, to be typed again), and one that
 * belongs to no field of the form under it (`foot.error`, FormFoot shows it). Once the action
 * went through, `sent` does what follows (empty the form, refresh the page) and answers what the
 * form says (`foot.done`). `field(name)` wires a TextField to its field: the input, its message,
 * and the message's id (`<name>-error`).
 */
export function useActionForm<T extends FieldValues, R>({
  resolver,
  defaultValues,
  send,
  sent,
}: {
  resolver: Resolver<T>;
  /** Every field of the form, named: the action's messages for these stand beside them. */
  defaultValues: T;
  send(input: NoInfer<T>): Promise<ActionResult<R>>;
  sent(data: R, input: NoInfer<T>, form: UseFormReturn<NoInfer<T>>): string | Promise<string>;
}) {
  const form = useForm<T>({ resolver, defaultValues: defaultValues as DefaultValues<T> });
  const [done, setDone] = useState<string | null>(null);
  const submit = form.handleSubmit(async (input) => {
    setDone(null);
    const result = await send(input);
    if (result.ok) return setDone(await sent(result.data, input, form));
    const fields = Object.entries(result.fieldErrors ?? {}).filter(([f]) => f in defaultValues);
    for (const [field, message] of fields) {
      if (field === "confirm") form.setValue(field as Path<T>, "" as PathValue<T, Path<T>>);
      form.setError(field as Path<T>, { message });
    }
    if (!fields.length) form.setError("root", { message: result.error });
  });
  const { errors, isSubmitting } = form.formState;
  return {
    register: form.register,
    errors,
    field: (name: Path<T>) => ({
      ...form.register(name),
      error: form.getFieldState(name, form.formState).error?.message,
      errorId: `${name}-error`,
    }),
    submit,
    foot: { busy: isSubmitting, done, error: errors.root?.message },
  };
}
