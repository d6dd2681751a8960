import ImageIcon from '@mui/icons-material/Image';
import Box from '@mui/material/Box';
import type { ProductPhoto } from './types';

/**
 * A product photo with its alt text and, for an upload, its WebP sizes as `srcset` (the browser
 * takes the smallest that fills `sizes`); a neutral placeholder named after the product when it has none.
 */
export function ProductImage({
  photo,
  productName,
  sizes,
  height = 180,
}: {
  photo: ProductPhoto | undefined;
  productName: string;
  /** How wide the picture is shown, for choosing from the srcset. */
  sizes: string;
  height?: number | string | Record<string, number>;
}) {
  if (!photo) {
    return (
      <Box
        role="img"
        aria-label={`${productName} (no picture)`}
        sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        <ImageIcon fontSize="large" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={photo.url}
      srcSet={photo.srcSet ?? undefined}
      sizes={photo.srcSet ? sizes : undefined}
      alt={photo.altText}
      loading="lazy"
      sx={{ height, width: '100%', objectFit: 'cover', display: 'block' }}
    />
  );
}
