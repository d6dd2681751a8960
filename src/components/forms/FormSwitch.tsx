import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** An on/off field of a react-hook-form form, labelled for screen readers by its text. */
export function FormSwitch<T extends FieldValues, Out = T>({
  control,
  name,
  label,
}: {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  label: string;
}) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={<Switch checked={Boolean(field.value)} onChange={(_, on) => field.onChange(on)} onBlur={field.onBlur} />}
      label={label}
    />
  );
}
