import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ButtonLink } from '../../../components/links';
import { trpc } from '../../../trpc';
import { CartPanel } from '../cart/CartPanel';
import { MAX_LINE_QUANTITY } from '../cart/cartLines';
import { formatCents } from '../../../../server/lib/money';
import type { ProductDetail } from '../types';
import { AddToCartButton } from './AddToCartButton';
import { type Choices, initialChoices, ProductChoices } from './ProductChoices';
import { ProductGallery } from './ProductGallery';
import { pricedSelection } from './selection';

/** A product that cannot be loaded (its route's error) or is not the storefront's. */
export function ProductNotFound({ storefrontId }: { storefrontId: string }) {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        Product not found
      </Typography>
      <ButtonLink to="/storefront/$id" params={{ id: storefrontId }} variant="outlined">
        Back to the storefront
      </ButtonLink>
    </Container>
  );
}

/** /storefront/{id}/product/{productId}: pictures, choices with the live price, availability, add to cart. */
export function ProductPage({ storefrontId, productId }: { storefrontId: string; productId: string }) {
  const [product] = trpc.product.byId.useSuspenseQuery({ productId }, { retry: false });
  if (product.storefrontId !== storefrontId) return <ProductNotFound storefrontId={storefrontId} />;
  return <ProductDetails key={product.id} product={product} />;
}

function ProductDetails({ product }: { product: ProductDetail }) {
  const [choices, setChoices] = useState<Choices>(() => initialChoices(product));
  const [quantity, setQuantity] = useState(1);
  const availability = trpc.product.checkAvailability.useQuery({ productId: product.id, quantity }, { staleTime: 0 });
  const priced = pricedSelection(product, choices);
  const available = availability.data?.available ?? false;

  const line =
    'error' in priced
      ? null
      : {
          productId: product.id,
          name: product.name,
          image: product.photos[0]?.url ?? null,
          unitPrice: priced.unitPrice,
          quantity,
          selection: priced.selection,
          choiceLabels: priced.labels,
        };

  return (
    <Container sx={{ py: 5 }}>
      <ButtonLink to="/storefront/$id" params={{ id: product.storefrontId }} sx={{ mb: 2 }}>
        ← {product.storefront.name}
      </ButtonLink>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <ProductGallery photos={product.photos} name={product.name} />
        <Stack spacing={2}>
          <Typography variant="h1" sx={{ fontSize: '2rem' }}>
            {product.name}
          </Typography>
          <Stack direction="row" spacing={1}>
            {product.category && <Chip label={product.category} size="small" />}
            {product.tags.map((tag) => (
              <Chip key={tag} label={`#${tag}`} size="small" variant="outlined" />
            ))}
            {product.status !== 'active' && <Chip label={product.status} size="small" color="warning" />}
          </Stack>
          {product.description && <Typography sx={{ whiteSpace: 'pre-line' }}>{product.description}</Typography>}
          <ProductChoices product={product} choices={choices} onChange={setChoices} />
          <TextField
            type="number"
            label="Quantity"
            value={quantity}
            onChange={(event) => {
              const value = Math.floor(Number(event.target.value));
              if (value >= 1 && value <= MAX_LINE_QUANTITY) setQuantity(value);
            }}
            slotProps={{ htmlInput: { min: 1, max: MAX_LINE_QUANTITY } }}
            sx={{ width: 140 }}
          />
          <Typography variant="h2" sx={{ fontSize: '1.5rem' }} aria-live="polite" aria-label="Price">
            {'error' in priced ? formatCents(product.price) : formatCents(priced.unitPrice * quantity)}
            {!('error' in priced) && quantity > 1 && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                ({formatCents(priced.unitPrice)} each)
              </Typography>
            )}
          </Typography>
          {'error' in priced && <Alert severity="warning">{priced.error}</Alert>}
          {availability.data?.message && (
            <Alert severity={availability.data.available ? 'info' : 'warning'} role="status">
              {availability.data.message}
            </Alert>
          )}
          <AddToCartButton storefrontId={product.storefrontId} line={line} disabled={!available || availability.isFetching} />
          <CartPanel storefrontId={product.storefrontId} />
        </Stack>
      </Box>
    </Container>
  );
}
