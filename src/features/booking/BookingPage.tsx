import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTrpcUtils } from '../../useTrpcUtils';
import { type ArtistHandle, artistQuery } from '../artists/artistQuery';
import { type StudioHandle, studioQuery } from '../studios/studioQuery';
import { BookingRequestForm } from './BookingRequestForm';
import { personName } from './status';

/** What the artist booking routes show when the artist cannot be loaded (their route's error). */
export function ArtistBookingNotFound() {
  return <Alert severity="error">Artist not found</Alert>;
}

/** /artist/{slug}/booking (optionally with a service picked) and /artist/id/{id}/booking. */
export function ArtistBookingPage(props: { artistHandle: ArtistHandle; serviceId?: string }) {
  const { data: artist } = useSuspenseQuery(artistQuery(useTrpcUtils(), props.artistHandle));
  const [shopId, setShopId] = useState('');
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

/** What the studio booking routes show when the studio cannot be loaded (their route's error). */
export function StudioBookingNotFound() {
  return <Alert severity="error">Studio not found</Alert>;
}

/** /studio/{slug}/booking and /studio/id/{id}/booking: pick one of the studio's artists, then the request. */
export function StudioBookingPage(props: { studioHandle: StudioHandle }) {
  const { data: studio } = useSuspenseQuery(studioQuery(useTrpcUtils(), props.studioHandle));
  const [artistId, setArtistId] = useState('');
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
