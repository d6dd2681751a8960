import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The resolver of a form whose fields hold what the user types (dollars, numbers, dates as text)
 * under the server input's own field names: `toInput` turns them into the input, the server's
 * schema (with its refinements and the spec's messages) checks it, and each message lands under
 * the field of the same name. The submit handler receives the checked input. `toInput` names
 * every field of the input; their values are the schema's to judge (an unknown enum value or NaN
 * gets the schema's own message).
 *
 * `formChecks` adds, for top-level fields, what only the form can know (a studio time the clocks skip, a due day already
 * past on this device): a message per field, shown like the schema's and taking its place.
 */
export function inputResolver<Values extends FieldValues, Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  toInput: (values: Values) => { [Key in keyof z.input<Schema>]: unknown },
  formChecks?: (values: Values) => Partial<Record<keyof Values & string, string | false | null | undefined>>,
): Resolver<Values, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema);
  return async (values, context, options) => {
    const result = (await resolve(
      toInput(values) as z.input<Schema>,
      context,
      options as unknown as Parameters<typeof resolve>[2],
    )) as Awaited<ReturnType<Resolver<Values, unknown, z.output<Schema>>>>;
    const extra = Object.entries(formChecks?.(values) ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]));
    if (extra.length === 0) return result;
    const errors = { ...result.errors } as FieldErrors<Values>;
    for (const [name, message] of extra) Object.assign(errors, { [name]: { type: 'form', message } });
    return { values: {}, errors };
  };
}
