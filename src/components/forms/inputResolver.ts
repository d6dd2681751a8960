import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The resolver of a form whose fields hold what the user types (dollars, numbers, dates as text)
 * under the server input's own field names: `toInput` turns them into the input, the server's
 * schema (with its refinements and the spec's messages) checks it, and each message lands under
 * the field of the same name. The submit handler receives the checked input. `toInput` names
 * every field of the input; their values are the schema's to judge (an unknown enum value or NaN
 * gets the schema's own message).
 */
export function inputResolver<Values extends FieldValues, Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  toInput: (values: Values) => { [Key in keyof z.input<Schema>]: unknown },
): Resolver<Values, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema);
  return (values, context, options) =>
    resolve(toInput(values) as z.input<Schema>, context, options as unknown as Parameters<typeof resolve>[2]) as ReturnType<
      Resolver<Values, unknown, z.output<Schema>>
    >;
}
