import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

type Props<T extends FieldValues, Out> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'> & {
  /** The form's control; `Out` is what its schema turns the typed values into. */
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
};

/**
 * A text field bound to a react-hook-form field: the schema's message shows under it (in place
 * of the helper text) as soon as validation fails, before anything reaches the server.
 * Numbers stay text here; the form's schema or its submit turns them into numbers.
 */
export function FormTextField<T extends FieldValues, Out = T>({ control, name, helperText, ...props }: Props<T, Out>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
