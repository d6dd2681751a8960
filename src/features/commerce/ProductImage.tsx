import ImageIcon from '@mui/icons-material/Image';
import Box from '@mui/material/Box';

/** A product's picture, or a neutral placeholder when it has none (the name is the alt text). */
export function ProductImage({
  src,
  alt,
  height = 180,
}: {
  src: string | null | undefined;
  alt: string;
  height?: number | string | Record<string, number>;
}) {
  if (!src) {
    return (
      <Box
        role="img"
        aria-label={`${alt} (no picture)`}
        sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        <ImageIcon fontSize="large" />
      </Box>
    );
  }
  return <Box component="img" src={src} alt={alt} loading="lazy" sx={{ height, width: '100%', objectFit: 'cover', display: 'block' }} />;
}
