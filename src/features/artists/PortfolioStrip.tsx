import Box from '@mui/material/Box';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

export type PortfolioThumb = inferRouterOutputs<AppRouter>['artist']['search']['items'][number]['portfolio'][number];

/**
 * A portfolio image in a square box (the box, not the picture, sets the height: nothing moves when
 * it arrives), cut to fill it, from the srcset when the image has its card sizes.
 */
export function PortfolioThumbImage({
  image,
  alt,
  sizes,
  eager = false,
}: {
  image: PortfolioThumb;
  alt: string;
  sizes: string;
  eager?: boolean;
}) {
  return (
    <Box
      component="img"
      src={image.url}
      srcSet={image.srcSet ?? undefined}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
}

/**
 * The artists listing card's newest portfolio pieces (up to three, newest first), side by side in
 * square boxes; nothing at all for an artist without any (the card keeps its initials). `eager`:
 * the card is on the first screen (the first card), so its pictures are never lazy.
 */
export function PortfolioStrip({ images, artistName, eager = false }: { images: PortfolioThumb[]; artistName: string; eager?: boolean }) {
  if (images.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0.5, mb: 1.5 }}>
      {images.map((image, index) => (
        <Box key={image.id} sx={{ aspectRatio: '1 / 1', overflow: 'hidden', borderRadius: 1, bgcolor: 'action.hover' }}>
          <PortfolioThumbImage
            image={image}
            alt={`Portfolio piece ${index + 1} by ${artistName}`}
            // A third of a card: ~120 px across three columns, a third of the screen on a phone.
            sizes="(min-width: 900px) 130px, (min-width: 600px) 16vw, 33vw"
            eager={eager}
          />
        </Box>
      ))}
    </Box>
  );
}
