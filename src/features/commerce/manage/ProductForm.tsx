import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { FormSwitch } from '../../../components/forms/FormSwitch';
import { FormTextField } from '../../../components/forms/FormTextField';
import type { ProductPhoto } from '../types';
import { OptionRows } from './OptionRows';
import { ProductPhotos } from './ProductPhotos';
import { type ProductDraft, type ProductValues, productFormSchema } from './productDraft';

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
  photos,
  submitLabel,
  error,
  onSubmit,
}: {
  initial: ProductDraft;
  /** The saved product's photos, managed here; none yet for a new product (they are uploaded to it once created). */
  photos: { productId: string; initial: ProductPhoto[] } | null;
  submitLabel: string;
  /** The server's answer to the last save. */
  error: string | null;
  onSubmit: (values: ProductValues) => Promise<unknown>;
}) {
  const form = useForm<ProductDraft, unknown, ProductValues>({ resolver: zodResolver(productFormSchema), defaultValues: initial });
  const { control } = form;
  const variants = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const trackInventory = useWatch({ control, name: 'trackInventory' });
  const { errors, isSubmitting } = form.formState;
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Group title="Details">
        <FormTextField control={control} name="name" label="Product Name" required />
        <FormTextField control={control} name="description" label="Description" multiline minRows={3} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <FormTextField control={control} name="price" label="Price ($)" required inputMode="decimal" />
          <FormTextField control={control} name="category" label="Category" />
          <FormTextField control={control} name="status" select label="Status">
            <MenuItem value="draft">Draft</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="archived">Archived</MenuItem>
          </FormTextField>
        </Box>
        <FormTextField control={control} name="tags" label="Tags" helperText="Comma separated" />
        <FormSwitch control={control} name="featured" label="Featured" />
      </Group>
      <Group title="Photos">
        {photos ? (
          <ProductPhotos productId={photos.productId} initial={photos.initial} />
        ) : (
          <Typography color="text.secondary">Create the product first, then add up to 10 photos here.</Typography>
        )}
      </Group>
      <Group title="Inventory">
        <FormSwitch control={control} name="trackInventory" label="Track inventory" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={control} name="quantity" label="Quantity" type="number" disabled={!trackInventory} />
          <FormTextField control={control} name="lowStockThreshold" label="Low stock threshold" type="number" disabled={!trackInventory} />
        </Box>
        <FormSwitch control={control} name="allowBackorders" label="Allow backorders" />
      </Group>
      <Group title="Variants">
        {variants.fields.map((variant, index) => (
          <Stack key={variant.key} spacing={1} sx={{ borderLeft: 2, borderColor: 'divider', pl: 2 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <FormTextField size="small" control={control} name={`variants.${index}.name`} label={`Variant ${index + 1} name`} />
              <Button color="error" onClick={() => variants.remove(index)}>
                Remove variant {index + 1}
              </Button>
            </Stack>
            <OptionRows label={`Variant ${index + 1} option`} control={control} name={`variants.${index}.options`} />
            {errors.variants?.[index]?.options?.root && (
              <FormHelperText error>{errors.variants[index].options.root.message}</FormHelperText>
            )}
          </Stack>
        ))}
        {errors.variants?.root && <FormHelperText error>{errors.variants.root.message}</FormHelperText>}
        <div>
          <Button onClick={() => variants.append({ name: '', options: [{ name: '', modifier: '0' }] })}>Add variant</Button>
        </div>
      </Group>
      <Group title="Customization options">
        <OptionRows label="Customization" control={control} name="customizationOptions" />
        {errors.customizationOptions?.root && <FormHelperText error>{errors.customizationOptions.root.message}</FormHelperText>}
      </Group>
      {error && <Alert severity="error">{error}</Alert>}
      <div>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </Stack>
  );
}
