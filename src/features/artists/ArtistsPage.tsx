import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { TATTOO_STYLES, type TattooStyle } from '../../../server/domains/studios/rules';
import { InitialsAvatar } from '../../components/InitialsAvatar';
import { CardActionAreaLink, artistPath } from '../../components/links';
import { trpc } from '../../trpc';
import { PortfolioStrip } from './PortfolioStrip';

/** /artists: search by name, display name or city, with the tattoo styles and open books as filters. */
export function ArtistsPage() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [styles, setStyles] = useState<TattooStyle[]>([]);
  const [booksOpenOnly, setBooksOpenOnly] = useState(false);
  const [stylesOpen, setStylesOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  // Unset rather than false when off: "books closed only" is not a filter clients ask for.
  const input = useMemo(() => ({ query, styles, booksOpen: booksOpenOnly ? true : undefined }), [query, styles, booksOpenOnly]);
  // Deferred: while the artists of new filters load, the page keeps showing the last ones
  // (a suspended search would replace the whole page with the route's spinner).
  const [data, results] = trpc.artist.search.useSuspenseInfiniteQuery(useDeferredValue(input), { getNextPageParam: (p) => p.nextCursor });
  const artists = data.pages.flatMap((p) => p.items);
  const toggle = (style: TattooStyle) => setStyles((s) => (s.includes(style) ? s.filter((x) => x !== style) : [...s, style]));
  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Artists
      </Typography>
      <TextField
        label="Search artists"
        placeholder="Name, @handle or city"
        value={text}
        onChange={(e) => setText(e.target.value)}
        fullWidth
        sx={{ mb: 2 }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: { xs: 2, md: 1 } }}>
        <Box role="group" aria-label="Availability">
          <Chip
            label="Books open"
            clickable
            color={booksOpenOnly ? 'secondary' : 'default'}
            variant={booksOpenOnly ? 'filled' : 'outlined'}
            onClick={() => setBooksOpenOnly((on) => !on)}
            aria-pressed={booksOpenOnly}
          />
        </Box>
        {/* On a phone the 33 styles would push every artist below the fold: they open from a button. */}
        <Button
          variant={styles.length > 0 ? 'contained' : 'outlined'}
          size="small"
          startIcon={<TuneIcon />}
          endIcon={stylesOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setStylesOpen((open) => !open)}
          aria-expanded={stylesOpen}
          aria-controls="artist-style-filter"
          sx={{ display: { md: 'none' }, borderRadius: 4 }}
        >
          {styles.length > 0 ? `Styles (${styles.length})` : 'Styles'}
        </Button>
        {!stylesOpen &&
          styles.map((style) => (
            <Chip key={style} label={style} color="primary" onDelete={() => toggle(style)} sx={{ display: { md: 'none' } }} />
          ))}
      </Box>
      <Box
        id="artist-style-filter"
        role="group"
        aria-label="Tattoo styles"
        sx={{ display: { xs: stylesOpen ? 'flex' : 'none', md: 'flex' }, flexWrap: 'wrap', gap: 1, mb: 3 }}
      >
        {TATTOO_STYLES.map((style) => (
          <Chip
            key={style}
            label={style}
            clickable
            color={styles.includes(style) ? 'primary' : 'default'}
            variant={styles.includes(style) ? 'filled' : 'outlined'}
            onClick={() => toggle(style)}
            aria-pressed={styles.includes(style)}
          />
        ))}
      </Box>
      {artists.length === 0 && <Typography color="text.secondary">No artists found</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {artists.map((artist, index) => (
          <Card key={artist.id} variant="outlined">
            <CardActionAreaLink to={artistPath(artist)} sx={{ height: '100%' }}>
              <CardContent>
                <PortfolioStrip images={artist.portfolio} artistName={artist.name} eager={index === 0} />
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
                  <InitialsAvatar name={artist.name} photoUrl={artist.photoUrl} size={48} />
                  <Box>
                    <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
                      {artist.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {artist.displayName} · {[artist.city, artist.state].filter(Boolean).join(', ')}
                    </Typography>
                  </Box>
                </Stack>
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {artist.booksOpen && <Chip size="small" color="secondary" label="Books open" />}
                  {artist.tattooStyles.slice(0, 3).map((s) => (
                    <Chip key={s} size="small" label={s} variant="outlined" />
                  ))}
                </Stack>
              </CardContent>
            </CardActionAreaLink>
          </Card>
        ))}
      </Box>
      {results.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => results.fetchNextPage()} disabled={results.isFetchingNextPage}>
            Load more artists
          </Button>
        </Box>
      )}
    </Container>
  );
}
