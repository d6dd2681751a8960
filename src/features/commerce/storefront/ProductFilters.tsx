import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { parseDollarsToCents } from '../../../../server/lib/money';
import type { ProductSearchFilters } from '../types';

type Fields = { text: string; category: string; tags: string; minPrice: string; maxPrice: string; inStock: boolean; featured: boolean };
const EMPTY: Fields = { text: '', category: '', tags: '', minPrice: '', maxPrice: '', inStock: false, featured: false };

/** Spec 1 §5 filters as the buyer types them, turned into product.search input (debounced 300 ms). */
export function toSearchFilters(fields: Fields): ProductSearchFilters {
  const tags = fields.tags
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  return {
    query: fields.text.trim(),
    category: fields.category.trim() || undefined,
    tags: tags.length ? tags : undefined,
    minPrice: parseDollarsToCents(fields.minPrice) ?? undefined,
    maxPrice: parseDollarsToCents(fields.maxPrice) ?? undefined,
    inStock: fields.inStock || undefined,
    featured: fields.featured || undefined,
  };
}

export function ProductFilters({ onChange }: { onChange: (filters: ProductSearchFilters) => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  useEffect(() => {
    const timer = setTimeout(() => onChange(toSearchFilters(fields)), 300);
    return () => clearTimeout(timer);
  }, [fields, onChange]);
  const text = (key: 'text' | 'category' | 'tags' | 'minPrice' | 'maxPrice') => ({
    value: fields[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setFields((f) => ({ ...f, [key]: event.target.value })),
  });
  const check = (key: 'inStock' | 'featured') => ({
    checked: fields[key],
    onChange: (_: unknown, value: boolean) => setFields((f) => ({ ...f, [key]: value })),
  });
  return (
    <Box
      component="search"
      aria-label="Filter products"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr 1fr' }, alignItems: 'center', mb: 2 }}
    >
      <TextField label="Search products" size="small" {...text('text')} sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }} />
      <TextField label="Category" size="small" {...text('category')} />
      <TextField label="Tags" size="small" placeholder="comma, separated" {...text('tags')} />
      <TextField label="Min price ($)" size="small" inputMode="decimal" {...text('minPrice')} />
      <TextField label="Max price ($)" size="small" inputMode="decimal" {...text('maxPrice')} />
      <FormControlLabel control={<Checkbox {...check('inStock')} />} label="In stock only" />
      <FormControlLabel control={<Checkbox {...check('featured')} />} label="Featured only" />
    </Box>
  );
}
