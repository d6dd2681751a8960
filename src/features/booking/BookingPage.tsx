import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { BookingRequestForm } from './BookingRequestForm';
import { personName } from './status';

/** /artist/{slug}/booking (optionally with a service picked) and /artist/id/{id}/booking. */
export function ArtistBookingPage(props: { slug?: string; id?: string; serviceId?: string }) {
  const bySlug = trpc.artist.bySlug.useQuery({ slug: props.slug ?? '' }, { enabled: Boolean(props.slug), retry: false });
  const byId = trpc.artist.byId.useQuery({ id: props.id ?? '' }, { enabled: Boolean(props.id), retry: false });
  const query = props.slug ? bySlug : byId;
  const [shopId, setShopId] = useState('');
  if (query.isLoading) return <CircularProgress aria-label="Loading" />;
  if (!query.data) return <Alert severity="error">Artist not found</Alert>;
  const artist = query.data;
  const studio = shopId || artist.studios[0]?.id || '';
  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Book with {artist.name}
      </Typography>
      {!artist.booksOpen ? (
        <Alert severity="info">This artist’s books are closed right now</Alert>
      ) : (
        <Stack spacing={2}>
          {artist.studios.length > 1 && (
            <TextField select label="Studio" value={studio} onChange={(e) => setShopId(e.target.value)}>
              {artist.studios.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <BookingRequestForm artistId={artist.userId} shopId={studio || undefined} initialServiceId={props.serviceId} />
        </Stack>
      )}
    </Container>
  );
}

/** /studio/{slug}/booking and /studio/id/{id}/booking: pick one of the studio's artists, then the request. */
export function StudioBookingPage(props: { slug?: string; id?: string }) {
  const bySlug = trpc.studio.bySlug.useQuery({ slug: props.slug ?? '' }, { enabled: Boolean(props.slug), retry: false });
  const byId = trpc.studio.byId.useQuery({ id: props.id ?? '' }, { enabled: Boolean(props.id), retry: false });
  const query = props.slug ? bySlug : byId;
  const [artistId, setArtistId] = useState('');
  if (query.isLoading) return <CircularProgress aria-label="Loading" />;
  if (!query.data) return <Alert severity="error">Studio not found</Alert>;
  const studio = query.data;
  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Book at {studio.name}
      </Typography>
      <Stack spacing={2}>
        <TextField select label="Artist" value={artistId} onChange={(e) => setArtistId(e.target.value)}>
          {studio.artists.map((a) => (
            <MenuItem key={a.userId} value={a.userId}>
              {personName(a)}
            </MenuItem>
          ))}
        </TextField>
        {artistId && <BookingRequestForm key={artistId} artistId={artistId} shopId={studio.id} />}
      </Stack>
    </Container>
  );
}
