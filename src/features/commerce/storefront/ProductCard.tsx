import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CardActionAreaLink } from '../../../components/links';
import { formatCents } from '../../../../server/lib/money';
import { ProductImage } from '../ProductImage';
import type { ProductView } from '../types';

/** A grid tile: picture, name, price; opens the product page. */
export function ProductCard({ product }: { product: ProductView }) {
  const soldOut = product.inventory.trackInventory && product.inventory.quantity <= 0 && !product.inventory.allowBackorders;
  return (
    <Card variant="outlined" component="article">
      <CardActionAreaLink to="/storefront/$id/product/$productId" params={{ id: product.storefrontId, productId: product.id }}>
        {/* One column on phones, up to three across on wider screens (StorefrontPage, ShopPage). */}
        <ProductImage photo={product.photos[0]} productName={product.name} sizes="(max-width: 599px) 100vw, (max-width: 1199px) 50vw, 400px" />
        <CardContent>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {product.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
            <Typography>{formatCents(product.price)}</Typography>
            {product.featured && <Chip size="small" label="Featured" color="primary" variant="outlined" />}
            {soldOut && <Chip size="small" label="Sold out" />}
          </Stack>
        </CardContent>
      </CardActionAreaLink>
    </Card>
  );
}
