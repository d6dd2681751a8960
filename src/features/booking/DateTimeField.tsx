import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** A date-and-time field (datetime-local, 'YYYY-MM-DDTHH:mm'); its label stays above the browser's own placeholder. */
export function DateTimeField(props: { label: string; value: string; onChange(value: string): void } & Pick<TextFieldProps, 'helperText'>) {
  return (
    <TextField
      label={props.label}
      type="datetime-local"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      helperText={props.helperText}
      slotProps={{ inputLabel: { shrink: true } }}
      fullWidth
    />
  );
}
