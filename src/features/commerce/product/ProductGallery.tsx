import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { memo, useState } from 'react';
import { ProductImage } from '../ProductImage';

/**
 * The main picture and a row of thumbnails that switch it. Memoized: choosing options, changing the
 * quantity or adding to the cart do not render the pictures again.
 */
export const ProductGallery = memo(function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  return (
    <Box>
      <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
        <ProductImage src={images[current]} alt={name} height={{ xs: 280, md: 420 }} />
      </Box>
      {images.length > 1 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {images.map((src, index) => (
            <ButtonBase
              key={src}
              onClick={() => setCurrent(index)}
              aria-label={`Show picture ${index + 1} of ${images.length}`}
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
              <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
});
