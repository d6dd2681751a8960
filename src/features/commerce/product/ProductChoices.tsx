import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formatModifier } from '../../../../server/lib/money';
import type { ProductDetail } from '../types';

export type Choices = { variants: Record<string, string>; customizations: Record<string, string> };

/** The first option of every variant: a buyer always starts from a complete, valid choice. */
export const initialChoices = (product: ProductDetail): Choices => ({
  variants: Object.fromEntries(product.variants.map((v) => [v.id, v.options[0]?.id ?? ''])),
  customizations: {},
});

const withModifier = (name: string, cents: number) => (cents ? `${name} (${formatModifier(cents)})` : name);

/** One select per variant; one text field per customization option (filled in = chosen). */
export function ProductChoices({
  product,
  choices,
  onChange,
}: {
  product: ProductDetail;
  choices: Choices;
  onChange: (c: Choices) => void;
}) {
  return (
    <Stack spacing={2}>
      {product.variants.map((variant) => (
        <TextField
          key={variant.id}
          select
          label={variant.name}
          value={choices.variants[variant.id] ?? ''}
          onChange={(event) => onChange({ ...choices, variants: { ...choices.variants, [variant.id]: event.target.value } })}
        >
          {variant.options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {withModifier(option.name, option.priceModifier)}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {product.customizationOptions.map((option) => (
        <TextField
          key={option.id}
          label={withModifier(option.name, option.priceModifier)}
          helperText="Optional: leave empty to skip"
          value={choices.customizations[option.id] ?? ''}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          onChange={(event) => onChange({ ...choices, customizations: { ...choices.customizations, [option.id]: event.target.value } })}
        />
      ))}
    </Stack>
  );
}
