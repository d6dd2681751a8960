import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { OptionDraft } from './productDraft';

/** Rows of name + price modifier ($, may be negative), used for variant options and customization options. */
export function OptionRows({
  label,
  options,
  onChange,
}: {
  label: string;
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
}) {
  const update = (index: number, change: Partial<OptionDraft>) => onChange(options.map((o, i) => (i === index ? { ...o, ...change } : o)));
  return (
    <Stack spacing={1}>
      {options.map((option, index) => (
        <Stack key={option.id ?? index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label={`${label} ${index + 1} name`}
            value={option.name}
            onChange={(e) => update(index, { name: e.target.value })}
          />
          <TextField
            size="small"
            label={`${label} ${index + 1} price modifier ($)`}
            value={option.modifier}
            inputMode="decimal"
            onChange={(e) => update(index, { modifier: e.target.value })}
          />
          <IconButton
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(options.filter((_, i) => i !== index))}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button size="small" onClick={() => onChange([...options, { name: '', modifier: '0' }])}>
          Add {label.toLowerCase()}
        </Button>
      </div>
    </Stack>
  );
}
