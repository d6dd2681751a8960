import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues } from 'react-hook-form';

/** One field of an edit dialog, described once and drawn by FormFields. */
export type FieldSpec =
  | { name: string; label: string; kind: 'text' | 'multiline' | 'email'; required?: boolean }
  | { name: string; label: string; kind: 'number'; min: number; max?: number; hint?: string }
  | { name: string; label: string; kind: 'switch' }
  | { name: string; label: string; kind: 'multi'; options: readonly string[] };

/** Few options are checkboxes (grant and revoke at a glance); many are an autocomplete. */
const CHECKBOX_LIMIT = 8;

export function FormFields<T extends FieldValues>({ fields, control }: { fields: FieldSpec[]; control: Control<T> }) {
  const switches = fields.filter((f) => f.kind === 'switch');
  const others = fields.filter((f) => f.kind !== 'switch');
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {others.map((field) => (
          <Controller
            key={field.name}
            name={field.name as never}
            control={control}
            render={({ field: input, fieldState }) => {
              const error = fieldState.error?.message;
              if (field.kind === 'multi') {
                const value = (input.value as string[] | undefined) ?? [];
                if (field.options.length <= CHECKBOX_LIMIT) {
                  return (
                    <FormControl component="fieldset" error={Boolean(error)} sx={{ gridColumn: '1 / -1' }}>
                      <FormLabel component="legend">{field.label}</FormLabel>
                      <FormGroup row>
                        {field.options.map((option) => (
                          <FormControlLabel
                            key={option}
                            label={option}
                            control={
                              <Checkbox
                                checked={value.includes(option)}
                                onChange={(_e, checked) => input.onChange(checked ? [...value, option] : value.filter((v) => v !== option))}
                              />
                            }
                          />
                        ))}
                      </FormGroup>
                      {error && <FormHelperText>{error}</FormHelperText>}
                    </FormControl>
                  );
                }
                return (
                  <Autocomplete
                    multiple
                    options={field.options as string[]}
                    value={value}
                    onChange={(_e, next) => input.onChange(next)}
                    sx={{ gridColumn: '1 / -1' }}
                    renderInput={(params) => <TextField {...params} label={field.label} error={Boolean(error)} helperText={error} />}
                  />
                );
              }
              if (field.kind === 'number') {
                const value = input.value as number | undefined;
                return (
                  <TextField
                    label={field.label}
                    type="number"
                    value={value === undefined || Number.isNaN(value) ? '' : value}
                    onChange={(e) => input.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
                    onBlur={input.onBlur}
                    slotProps={{ htmlInput: { min: field.min, max: field.max, step: 1 } }}
                    error={Boolean(error)}
                    helperText={error ?? field.hint}
                  />
                );
              }
              return (
                <TextField
                  label={field.label}
                  type={field.kind === 'email' ? 'email' : 'text'}
                  required={field.required}
                  multiline={field.kind === 'multiline'}
                  minRows={field.kind === 'multiline' ? 3 : undefined}
                  sx={field.kind === 'multiline' ? { gridColumn: '1 / -1' } : undefined}
                  value={(input.value as string | null | undefined) ?? ''}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  error={Boolean(error)}
                  helperText={error}
                />
              );
            }}
          />
        ))}
      </Box>
      {switches.length > 0 && (
        <FormGroup row sx={{ mt: 2, columnGap: 2 }}>
          {switches.map((field) => (
            <Controller
              key={field.name}
              name={field.name as never}
              control={control}
              render={({ field: input }) => (
                <FormControlLabel label={field.label} control={<Switch checked={Boolean(input.value)} onChange={(_e, checked) => input.onChange(checked)} />} />
              )}
            />
          ))}
        </FormGroup>
      )}
    </>
  );
}
