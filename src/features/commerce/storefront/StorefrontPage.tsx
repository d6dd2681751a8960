import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ButtonLink } from '../../../components/links';
import { PageSpinner } from '../../../components/PageSpinner';
import { trpc } from '../../../trpc';
import { CartPanel } from '../cart/CartPanel';
import type { ProductSearchFilters } from '../types';
import { INITIAL_PRODUCT_FILTERS } from './storefrontQuery';
import { ProductCard } from './ProductCard';
import { ProductFilters } from './ProductFilters';

/** What /storefront/{id} shows when the storefront cannot be loaded (its route's error). */
export function StorefrontNotFound() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        Storefront not found
      </Typography>
      <ButtonLink to="/" variant="outlined">
        Back to home
      </ButtonLink>
    </Container>
  );
}

/** The products the storefront page starts with, before the buyer filters them. */
/**
 * /storefront/{id}: the public storefront — its active products (20 a page), search and filters, and
 * the cart. The storefront and its first products come from the route's loader; the products the
 * buyer's filters ask for load in place (their error shows above the list, as before).
 */
export function StorefrontPage({ storefrontId }: { storefrontId: string }) {
  const [store] = trpc.storefront.byId.useSuspenseQuery({ storefrontId }, { retry: false });
  const [filters, setFilters] = useState<ProductSearchFilters>(INITIAL_PRODUCT_FILTERS);
  const results = trpc.product.search.useInfiniteQuery({ ...filters, storefrontId }, { getNextPageParam: (page) => page.nextCursor });
  const products = results.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Container sx={{ py: 5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 3 }}>
        <Box>
          <Typography variant="h1" sx={{ fontSize: '2rem' }}>
            {store.name}
          </Typography>
          <Typography color="text.secondary">by {store.ownerName}</Typography>
          {store.description && <Typography sx={{ mt: 1, whiteSpace: 'pre-line' }}>{store.description}</Typography>}
        </Box>
        {store.canManage && (
          <Box>
            <ButtonLink to="/manage/storefront/$storefrontId" params={{ storefrontId }} variant="outlined">
              Manage Storefront
            </ButtonLink>
          </Box>
        )}
      </Stack>
      {!store.isActive && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This storefront is inactive: only its managers can see it.
        </Alert>
      )}
      <ProductFilters onChange={setFilters} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 1fr' }, alignItems: 'start' }}>
        {/* While the first products load, the section keeps a screen's height on phones, so the cart
            below it starts under the fold instead of jumping down when they arrive (layout shift). */}
        <Box component="section" aria-label="Products" sx={{ minHeight: { xs: results.isLoading ? '100vh' : 0, md: 0 } }}>
          {results.error && <Alert severity="error">{results.error.message}</Alert>}
          {results.isLoading && <PageSpinner />}
          {results.isSuccess && products.length === 0 && <Typography color="text.secondary">No products found.</Typography>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
            {products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </Box>
          {results.hasNextPage && (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Button onClick={() => void results.fetchNextPage()} loading={results.isFetchingNextPage}>
                Load more products
              </Button>
            </Box>
          )}
        </Box>
        <CartPanel storefrontId={storefrontId} />
      </Box>
    </Container>
  );
}
