import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '../../../server/lib/money';
import { ButtonLink, CardActionAreaLink } from '../../components/links';
import { useTrpcUtils } from '../../useTrpcUtils';
import { ProductImage } from '../commerce/ProductImage';
import { type StorefrontOwner, showcaseQuery } from './showcaseQuery';

/**
 * An artist's or a studio's storefront on their page: its name, up to six of its products
 * (featured first) and a link to the whole shop. The page's loader loaded it; an owner without an
 * active storefront gets no section at all (no empty box).
 */
export function ShopSection({ owner, sx }: { owner: StorefrontOwner; sx?: object }) {
  const { data } = useQuery(showcaseQuery(useTrpcUtils(), owner));
  if (!data) return null;
  const { storefront, products } = data;
  return (
    <Card variant="outlined" component="section" aria-labelledby="shop-heading" sx={sx}>
      <CardContent>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, mb: 2 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id="shop-heading" variant="h2" sx={{ fontSize: '1.3rem' }}>
              Shop
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {storefront.name}
            </Typography>
          </Box>
          <ButtonLink to="/storefront/$id" params={{ id: storefront.id }} variant="outlined" startIcon={<StorefrontIcon />}>
            Visit Shop
          </ButtonLink>
        </Stack>
        {products.length === 0 ? (
          <Typography color="text.secondary">No products yet.</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>
            {products.map((product) => (
              <Card key={product.id} variant="outlined" component="article">
                <CardActionAreaLink to="/storefront/$id/product/$productId" params={{ id: product.storefrontId, productId: product.id }}>
                  <ProductImage
                    photo={product.photo ?? undefined}
                    productName={product.name}
                    // Two across on a phone, three across up to the page's width (a third of ~1150 px).
                    sizes="(max-width: 599px) 50vw, (max-width: 1199px) 33vw, 380px"
                    height={{ xs: 130, sm: 160 }}
                  />
                  <CardContent sx={{ p: 1.5 }}>
                    <Typography variant="h3" sx={{ fontSize: '0.95rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {product.name}
                    </Typography>
                    <Typography variant="body2">{formatCents(product.price)}</Typography>
                  </CardContent>
                </CardActionAreaLink>
              </Card>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
