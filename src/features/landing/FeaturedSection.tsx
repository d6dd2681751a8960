import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import { formatCents } from '../../../server/lib/money';
import type { AppRouter } from '../../../server/router';
import { InitialsAvatar } from '../../components/InitialsAvatar';
import { CardActionAreaLink, artistPath, studioPath } from '../../components/links';
import { useTrpcUtils } from '../../useTrpcUtils';
import { PortfolioThumbImage } from '../artists/PortfolioStrip';
import { ProductImage } from '../commerce/ProductImage';
import { featuredQuery } from './featuredQuery';

type Featured = inferRouterOutputs<AppRouter>['discovery']['featured'];

/** Two across on a phone, three on a tablet, six on a wide screen. */
const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' },
};
/** A card's picture at that grid: half the phone's width, a third, then a sixth of ~1150 px. */
const CARD_SIZES = '(max-width: 599px) 50vw, (max-width: 899px) 33vw, 190px';
const COVER_HEIGHT = { xs: 130, sm: 150 };

/** One featured row: a heading over a grid of cards; no row at all when there is nothing to show. */
function Row({ id, title, children, count }: { id: string; title: string; children: ReactNode; count: number }) {
  if (count === 0) return null;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 5 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.8rem' }, mb: 2 }}>
        {title}
      </Typography>
      <Box sx={GRID}>{children}</Box>
    </Box>
  );
}

/** A card's picture box: a fixed height, so nothing below moves when the image arrives. */
function Cover({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ height: COVER_HEIGHT, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>{children}</Box>
  );
}

function CardText({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <CardContent sx={{ p: 1.5 }}>
      <Typography variant="h3" sx={{ fontSize: '0.95rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {subtitle}
      </Typography>
    </CardContent>
  );
}

const place = (p: { city: string | null; state: string | null }) => [p.city, p.state].filter(Boolean).join(', ');

function ArtistCard({ artist }: { artist: Featured['artists'][number] }) {
  return (
    <Card variant="outlined" component="article">
      <CardActionAreaLink to={artistPath(artist)} sx={{ height: '100%' }}>
        <Cover>
          {artist.image ? (
            <PortfolioThumbImage image={artist.image} alt={`Portfolio piece by ${artist.name}`} sizes={CARD_SIZES} />
          ) : (
            <InitialsAvatar name={artist.name} photoUrl={artist.photoUrl} size={72} />
          )}
        </Cover>
        <CardText title={artist.name} subtitle={[artist.displayName, place(artist)].filter(Boolean).join(' · ')} />
      </CardActionAreaLink>
    </Card>
  );
}

function StudioCard({ studio }: { studio: Featured['studios'][number] }) {
  return (
    <Card variant="outlined" component="article">
      <CardActionAreaLink to={studioPath(studio)} sx={{ height: '100%' }}>
        <Cover>
          {studio.image ? (
            <PortfolioThumbImage
              image={studio.image}
              alt={studio.imageKind === 'banner' ? `${studio.name} banner` : `Portfolio piece from ${studio.name}`}
              sizes={CARD_SIZES}
            />
          ) : (
            <StorefrontIcon fontSize="large" color="disabled" />
          )}
        </Cover>
        <CardText title={studio.name} subtitle={place(studio) || (studio.isVerified ? 'Verified studio' : 'Studio')} />
      </CardActionAreaLink>
    </Card>
  );
}

function ProductTile({ product }: { product: Featured['products'][number] }) {
  return (
    <Card variant="outlined" component="article">
      <CardActionAreaLink
        to="/storefront/$id/product/$productId"
        params={{ id: product.storefrontId, productId: product.id }}
        sx={{ height: '100%' }}
      >
        <ProductImage photo={product.photo ?? undefined} productName={product.name} sizes={CARD_SIZES} height={COVER_HEIGHT} />
        <CardText title={product.name} subtitle={formatCents(product.price)} />
      </CardActionAreaLink>
    </Card>
  );
}

/**
 * The landing page's featured artists, studios and products, from real data (`/`'s loader loaded
 * them). Below the fold, so every picture loads lazily; a row with nothing to show is left out,
 * and with no data at all the section is not there.
 */
export function FeaturedSection() {
  const { data } = useQuery(featuredQuery(useTrpcUtils()));
  if (!data || data.artists.length + data.studios.length + data.products.length === 0) return null;
  return (
    <Container sx={{ py: 4 }}>
      <Row id="featured-artists-heading" title="Featured Artists" count={data.artists.length}>
        {data.artists.map((artist) => (
          <ArtistCard key={artist.id} artist={artist} />
        ))}
      </Row>
      <Row id="featured-studios-heading" title="Featured Studios" count={data.studios.length}>
        {data.studios.map((studio) => (
          <StudioCard key={studio.id} studio={studio} />
        ))}
      </Row>
      <Row id="featured-products-heading" title="Featured Products" count={data.products.length}>
        {data.products.map((product) => (
          <ProductTile key={product.id} product={product} />
        ))}
      </Row>
    </Container>
  );
}
