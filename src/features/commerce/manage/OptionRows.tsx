import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { type Control, useFieldArray } from 'react-hook-form';
import { FormTextField } from '../../../components/forms/FormTextField';
import type { ProductDraft, ProductValues } from './productDraft';

/** Rows of name + price modifier ($, may be negative), used for variant options and customization options. */
export function OptionRows({
  label,
  control,
  name,
}: {
  label: string;
  control: Control<ProductDraft, unknown, ProductValues>;
  name: `variants.${number}.options` | 'customizationOptions';
}) {
  const rows = useFieldArray({ control, name, keyName: 'key' });
  return (
    <Stack spacing={1}>
      {rows.fields.map((row, index) => (
        <Stack key={row.key} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <FormTextField size="small" control={control} name={`${name}.${index}.name`} label={`${label} ${index + 1} name`} />
          <FormTextField
            size="small"
            control={control}
            name={`${name}.${index}.modifier`}
            label={`${label} ${index + 1} price modifier ($)`}
            inputMode="decimal"
          />
          <IconButton aria-label={`Remove ${label.toLowerCase()} ${index + 1}`} onClick={() => rows.remove(index)}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button size="small" onClick={() => rows.append({ name: '', modifier: '0' })}>
          Add {label.toLowerCase()}
        </Button>
      </div>
    </Stack>
  );
}
