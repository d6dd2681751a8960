import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { DISPLAY_NAME_PATTERN } from '../../../server/domains/users/inputs';
import { trpc } from '../../trpc';

/** Display name with a live availability check (debounced 300 ms). */
export function DisplayNameField(props: { value?: string; onChange(value: string): void; onBlur(): void; error?: string }) {
  const value = props.value ?? '';
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), 300);
    return () => clearTimeout(timer);
  }, [value]);
  const checkable = DISPLAY_NAME_PATTERN.test(debounced);
  const availability = trpc.user.isDisplayNameAvailable.useQuery({ displayName: debounced }, { enabled: checkable, staleTime: 10_000 });
  const shown = availability.data && checkable && debounced === value.trim() ? availability.data : undefined;
  const hint = props.error ?? (shown ? `${shown.displayName} is ${shown.available ? 'available' : 'already taken'}` : 'Shown as @name');
  return (
    <TextField
      label="Display Name"
      autoComplete="username"
      value={value}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={props.onBlur}
      error={Boolean(props.error) || shown?.available === false}
      helperText={hint}
    />
  );
}
