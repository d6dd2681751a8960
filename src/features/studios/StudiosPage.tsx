import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { US_STATES } from '../../../server/domains/studios/rules';
import { trpc } from '../../trpc';
import { STUDIO_SEARCH_START } from './studioQuery';
import { StudioResults } from './StudioResults';
import { StudioSearchField } from './StudioSearchField';

type Near = { latitude: number; longitude: number };

/** /studios: name or city prefix, state and looking-for filters, 10 a page with more on scroll, or nearest first. */
export function StudiosPage() {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<(typeof US_STATES)[number] | ''>('');
  const [lookingForResident, setResident] = useState(false);
  const [lookingForGuest, setGuest] = useState(false);
  const [near, setNear] = useState<Near | undefined>();
  const [locationError, setLocationError] = useState<string | null>(null);

  const input = useMemo(
    () => ({
      ...STUDIO_SEARCH_START,
      query,
      state: state || undefined,
      lookingForResident: lookingForResident || undefined,
      lookingForGuest: lookingForGuest || undefined,
      near,
    }),
    [query, state, lookingForResident, lookingForGuest, near],
  );
  // Deferred: while the studios of new filters load, the page keeps showing the last ones
  // (a suspended search would replace the whole page with the route's spinner).
  const [data, results] = trpc.studio.search.useSuspenseInfiniteQuery(useDeferredValue(input), {
    getNextPageParam: (page) => page.nextCursor,
  });
  // The same array while the pages are the same, so the memoized cards are not rendered again.
  const studios = useMemo(() => data.pages.flatMap((p) => p.items), [data]);

  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries[0]?.isIntersecting && results.hasNextPage && !results.isFetchingNextPage) void results.fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [results.hasNextPage, results.isFetchingNextPage, results.fetchNextPage]);

  const useMyLocation = () => {
    if (!navigator.geolocation) {
      setLocationError('Your browser cannot share a location.');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocationError(null);
        setNear({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      () => setLocationError('Location was not shared; showing the best-rated studios instead.'),
    );
  };

  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Studios
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <StudioSearchField onSearch={setQuery} />
        <TextField select label="State" value={state} onChange={(e) => setState(e.target.value as typeof state)} sx={{ minWidth: 120 }}>
          <MenuItem value="">Any</MenuItem>
          {US_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={lookingForResident} onChange={(e) => setResident(e.target.checked)} />}
          label="Looking for residents"
        />
        <FormControlLabel
          control={<Switch checked={lookingForGuest} onChange={(e) => setGuest(e.target.checked)} />}
          label="Looking for guests"
        />
        {near ? (
          <Button onClick={() => setNear(undefined)}>Best rated first</Button>
        ) : (
          <Button startIcon={<MyLocationIcon />} onClick={useMyLocation}>
            Near me
          </Button>
        )}
      </Stack>
      {locationError && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {locationError}
        </Alert>
      )}
      <StudioResults studios={studios} />
      <div ref={sentinel} />
      {results.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => results.fetchNextPage()} disabled={results.isFetchingNextPage}>
            Load more studios
          </Button>
        </Box>
      )}
    </Container>
  );
}
