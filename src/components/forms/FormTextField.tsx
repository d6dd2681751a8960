import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type FocusEvent, useState } from 'react';
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
 *
 * The label's place follows the value in the same render: a field that holds text has its label
 * above it, whether the text was typed or arrived later from `reset()`/`setValue()` (a saved
 * profile loading, a save answering). A value that arrives while the field is not focused moves
 * the label up at once; its 200 ms slide would draw the label over the text (issue 19).
 */
export function FormTextField<T extends FieldValues, Out = T>({ control, name, helperText, slotProps, onFocus, ...props }: Props<T, Out>) {
  const { field, fieldState } = useController({ control, name });
  const [focused, setFocused] = useState(false);
  const value = field.value ?? '';
  const filled = value !== '';
  const labelProps = slotProps?.inputLabel;
  return (
    <TextField
      {...props}
      name={field.name}
      value={value}
      onChange={field.onChange}
      onFocus={(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={() => {
        setFocused(false);
        field.onBlur();
      }}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{
        ...slotProps,
        inputLabel:
          typeof labelProps === 'function'
            ? labelProps
            : { ...(filled && { shrink: true }), ...(filled && !focused && { disableAnimation: true }), ...labelProps },
      }}
    />
  );
}
