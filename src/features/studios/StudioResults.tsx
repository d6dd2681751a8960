import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { inferRouterOutputs } from '@trpc/server';
import { memo } from 'react';
import type { AppRouter } from '../../../server/router';
import { CardActionAreaLink, studioPath } from '../../components/links';

type StudioFound = inferRouterOutputs<AppRouter>['studio']['search']['items'][number];

/**
 * The studios a search found, as cards. Memoized: the page's other state (the filters being
 * changed, the next search loading behind the shown one) does not render the cards again.
 */
export const StudioResults = memo(function StudioResults({ studios }: { studios: StudioFound[] }) {
  if (studios.length === 0) return <Typography color="text.secondary">No studios found</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
      {studios.map((studio) => (
        <Card key={studio.id} variant="outlined">
          <CardActionAreaLink to={studioPath(studio)} sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
                {studio.name}
              </Typography>
              <Typography color="text.secondary">
                {studio.city}, {studio.state}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {studio.hoursSummary}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
                {studio.isVerified && <Chip size="small" color="primary" label="Verified" />}
                {studio.lookingForGuest && <Chip size="small" label="Guest spots" />}
                {studio.lookingForResident && <Chip size="small" label="Hiring residents" />}
              </Stack>
            </CardContent>
          </CardActionAreaLink>
        </Card>
      ))}
    </Box>
  );
});
