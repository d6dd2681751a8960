import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { US_STATES } from '../../../../server/domains/studios/rules';

export type AddressDraft = { name: string; line1: string; line2: string; city: string; state: string; zipCode: string; phone: string };
export const emptyAddress: AddressDraft = { name: '', line1: '', line2: '', city: '', state: '', zipCode: '', phone: '' };

const FIELDS: Array<[Exclude<keyof AddressDraft, 'state'>, string, boolean]> = [
  ['name', 'Full name', true],
  ['line1', 'Address', true],
  ['line2', 'Apartment, suite (optional)', false],
  ['city', 'City', true],
  ['zipCode', 'Zip code', true],
  ['phone', 'Phone (optional)', false],
];

/** The shipping address (US only, as the shared shippingAddressInput accepts). */
export function AddressFields({ value, onChange }: { value: AddressDraft; onChange: (a: AddressDraft) => void }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <legend className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        Shipping address
      </legend>
      {FIELDS.map(([key, label, required]) => (
        <TextField
          key={key}
          label={label}
          required={required}
          value={value[key]}
          onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        />
      ))}
      <TextField select required label="State" value={value.state} onChange={(e) => onChange({ ...value, state: e.target.value })}>
        {US_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {state}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/**
 * The draft as checkout's shippingAddress (empty optional fields left out). A form left blank is
 * no address at all, so the buyer hears "Shipping address is required" rather than the first
 * missing field.
 */
export function toShippingAddress(a: AddressDraft) {
  if (Object.values(a).every((field) => !field.trim())) return undefined;
  return {
    name: a.name,
    line1: a.line1,
    line2: a.line2.trim() || undefined,
    city: a.city,
    state: a.state as (typeof US_STATES)[number],
    zipCode: a.zipCode,
    phone: a.phone.trim() || undefined,
  };
}
