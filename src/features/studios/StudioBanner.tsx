import Box from '@mui/material/Box';

/** A studio's banner as the server answers it: the stored image and its cut sizes. */
export type StudioBannerImage = { url: string; width: number | null; variants: { url: string; width: number }[] };

/**
 * The band at the top of a studio's page (and its preview on the manage page): the studio's
 * banner, the browser picking the smallest cut that fills it, or a band of the theme's colours.
 */
export function StudioBanner({ banner, name, height = { xs: 140, md: 220 } }: { banner: StudioBannerImage | null; name: string; height?: number | object }) {
  if (!banner) {
    return (
      <Box aria-hidden sx={{ height, background: (t) => `linear-gradient(120deg, ${t.palette.primary.main}55, ${t.palette.secondary.main}33)` }} />
    );
  }
  const sources = [...banner.variants, ...(banner.width ? [{ url: banner.url, width: banner.width }] : [])];
  return (
    <Box
      component="img"
      src={banner.url}
      srcSet={sources.map((source) => `${source.url} ${source.width}w`).join(', ')}
      sizes="100vw"
      alt={`${name} banner`}
      sx={{ display: 'block', width: '100%', height, objectFit: 'cover' }}
    />
  );
}
