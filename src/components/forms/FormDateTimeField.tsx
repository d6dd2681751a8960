import type { TextFieldProps } from '@mui/material/TextField';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './FormTextField';

/** A date-and-time field (datetime-local, 'YYYY-MM-DDTHH:mm'); its label stays above the browser's own placeholder. */
export function FormDateTimeField<T extends FieldValues, Out = T>(
  props: { control: Control<T, unknown, Out>; name: FieldPath<T>; label: string } & Pick<TextFieldProps, 'helperText'>,
) {
  return <FormTextField {...props} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} fullWidth />;
}
