import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { memo, useState } from 'react';
import { ProductImage } from '../ProductImage';
import type { ProductPhoto } from '../types';

/**
 * The main picture and a row of thumbnails that switch it. Memoized: choosing options, changing the
 * quantity or adding to the cart do not render the pictures again.
 */
export const ProductGallery = memo(function ProductGallery({ photos, name }: { photos: ProductPhoto[]; name: string }) {
  const [current, setCurrent] = useState(0);
  return (
    <Box>
      <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
        {/* Half the page from md up (ProductPage's two columns), the whole width below. */}
        <ProductImage photo={photos[current]} productName={name} sizes="(max-width: 899px) 100vw, 600px" height={{ xs: 280, md: 420 }} />
      </Box>
      {photos.length > 1 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {photos.map((photo, index) => (
            <ButtonBase
              key={photo.id}
              onClick={() => setCurrent(index)}
              aria-label={`Show picture ${index + 1} of ${photos.length}`}
              aria-pressed={index === current}
              sx={{
                width: 64,
                height: 64,
                borderRadius: 1,
                overflow: 'hidden',
                outline: index === current ? 2 : 0,
                outlineColor: 'primary.main',
              }}
            >
              {/* The button names the picture; the smallest size is plenty for 64 px. */}
              <Box component="img" src={photo.url} srcSet={photo.srcSet ?? undefined} sizes="64px" alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
});
