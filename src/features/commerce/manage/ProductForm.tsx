import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { OptionRows } from './OptionRows';
import type { ProductDraft, VariantDraft } from './productDraft';

type TextKey = 'name' | 'description' | 'price' | 'category' | 'tags' | 'images' | 'quantity' | 'lowStockThreshold';
type FlagKey = 'featured' | 'trackInventory' | 'allowBackorders';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="fieldset" sx={{ border: 1, borderColor: 'divider', m: 0 }}>
      <CardContent>
        <Typography component="legend" variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
          {title}
        </Typography>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** Every product field: details, inventory, variants with options, customization options. */
export function ProductForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
}: {
  initial: ProductDraft;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (draft: ProductDraft) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const text = (key: TextKey) => ({
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });
  const flag = (key: FlagKey, label: string) => (
    <FormControlLabel control={<Switch checked={draft[key]} onChange={(_, v) => setDraft((d) => ({ ...d, [key]: v }))} />} label={label} />
  );
  const setVariant = (index: number, variant: VariantDraft) =>
    setDraft((d) => ({ ...d, variants: d.variants.map((v, i) => (i === index ? variant : v)) }));
  return (
    <Stack
      component="form"
      spacing={3}
      noValidate
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        onSubmit(draft);
      }}
    >
      <Group title="Details">
        <TextField label="Product Name" required {...text('name')} />
        <TextField label="Description" multiline minRows={3} {...text('description')} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <TextField label="Price ($)" required inputMode="decimal" {...text('price')} />
          <TextField label="Category" {...text('category')} />
          <TextField
            select
            label="Status"
            value={draft.status}
            onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value as ProductDraft['status'] }))}
          >
            <MenuItem value="draft">Draft</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="archived">Archived</MenuItem>
          </TextField>
        </Box>
        <TextField label="Tags" helperText="Comma separated" {...text('tags')} />
        <TextField
          label="Image URLs"
          helperText="One per line: uploaded /files/… paths or https links"
          multiline
          minRows={2}
          {...text('images')}
        />
        {flag('featured', 'Featured')}
      </Group>
      <Group title="Inventory">
        {flag('trackInventory', 'Track inventory')}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label="Quantity" type="number" disabled={!draft.trackInventory} {...text('quantity')} />
          <TextField label="Low stock threshold" type="number" disabled={!draft.trackInventory} {...text('lowStockThreshold')} />
        </Box>
        {flag('allowBackorders', 'Allow backorders')}
      </Group>
      <Group title="Variants">
        {draft.variants.map((variant, index) => (
          <Stack key={variant.id ?? index} spacing={1} sx={{ borderLeft: 2, borderColor: 'divider', pl: 2 }}>
            <Stack direction="row" spacing={1}>
              <TextField
                size="small"
                label={`Variant ${index + 1} name`}
                value={variant.name}
                onChange={(e) => setVariant(index, { ...variant, name: e.target.value })}
              />
              <Button color="error" onClick={() => setDraft((d) => ({ ...d, variants: d.variants.filter((_, i) => i !== index) }))}>
                Remove variant {index + 1}
              </Button>
            </Stack>
            <OptionRows
              label={`Variant ${index + 1} option`}
              options={variant.options}
              onChange={(options) => setVariant(index, { ...variant, options })}
            />
          </Stack>
        ))}
        <div>
          <Button
            onClick={() => setDraft((d) => ({ ...d, variants: [...d.variants, { name: '', options: [{ name: '', modifier: '0' }] }] }))}
          >
            Add variant
          </Button>
        </div>
      </Group>
      <Group title="Customization options">
        <OptionRows
          label="Customization"
          options={draft.customizationOptions}
          onChange={(customizationOptions) => setDraft((d) => ({ ...d, customizationOptions }))}
        />
      </Group>
      {error && <Alert severity="error">{error}</Alert>}
      <div>
        <Button type="submit" variant="contained" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </Stack>
  );
}
