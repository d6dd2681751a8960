import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isBookedDirectly } from '../../../server/domains/booking/rules';
import { ButtonLink, artistPath } from '../../components/links';
import { trpc } from '../../trpc';
import { formatCents } from '../../../server/lib/money';

/** On an artist's profile: the flash pieces booked directly at their price, each a link into the booking page. */
export function BookableFlash(props: { artistId: string; artist: { id: string; urlSlug: string | null } }) {
  const services = trpc.booking.services.useQuery({ artistId: props.artistId });
  const flash = (services.data ?? []).filter((s) => s.kind === 'flash' && isBookedDirectly(s));
  if (flash.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="bookable-flash-title">
      <CardContent>
        <Typography id="bookable-flash-title" variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
          Flash you can book
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          {flash.map((s) => (
            <Stack key={s.id} spacing={1}>
              {s.flashImageUrl && (
                <img src={s.flashImageUrl} alt={s.name} style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 4 }} />
              )}
              <Typography>
                {s.name} · {formatCents(s.price)} · {s.durationMinutes} min
              </Typography>
              <ButtonLink to={artistPath(props.artist, 'booking')} search={{ service: s.id }} variant="outlined">
                Book {s.name}
              </ButtonLink>
            </Stack>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
