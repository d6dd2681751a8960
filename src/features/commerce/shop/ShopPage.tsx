import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { CardActionAreaLink } from '../../../components/links';
import { trpc } from '../../../trpc';
import { ProductCard } from '../storefront/ProductCard';

/**
 * /shop: the marketplace — featured products (6) and the active storefronts, most recently updated
 * first (20 a page), the first page as its route's loader loaded it.
 */
export function ShopPage() {
  const [featured] = trpc.product.featured.useSuspenseQuery({});
  const [storefrontPages, storefronts] = trpc.storefront.list.useSuspenseInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const stores = storefrontPages.pages.flatMap((p) => p.items);
  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Shop
      </Typography>
      <Box component="section" aria-labelledby="featured-heading" sx={{ mb: 5 }}>
        <Typography id="featured-heading" variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
          Featured Products
        </Typography>
        {featured.length === 0 && <Typography color="text.secondary">No featured products yet.</Typography>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
          {featured.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="storefronts-heading">
        <Typography id="storefronts-heading" variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
          Storefronts
        </Typography>
        {stores.length === 0 && <Typography color="text.secondary">No storefronts yet.</Typography>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
          {stores.map((store) => (
            <Card key={store.id} variant="outlined" component="article">
              <CardActionAreaLink to="/storefront/$id" params={{ id: store.id }} sx={{ height: '100%' }}>
                <CardContent>
                  <StorefrontIcon color="primary" aria-hidden="true" />
                  <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
                    {store.name}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                  >
                    {store.description || 'No description yet.'}
                  </Typography>
                </CardContent>
              </CardActionAreaLink>
            </Card>
          ))}
        </Box>
        {storefronts.hasNextPage && (
          <Box sx={{ textAlign: 'center', mt: 2 }}>
            <Button onClick={() => void storefronts.fetchNextPage()} loading={storefronts.isFetchingNextPage}>
              More storefronts
            </Button>
          </Box>
        )}
      </Box>
    </Container>
  );
}
