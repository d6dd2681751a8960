import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { InitialsAvatar } from '../../components/InitialsAvatar';
import { TextLink, artistPath, studioPath } from '../../components/links';
import { useTrpcUtils } from '../../useTrpcUtils';
import { BookableFlash } from '../booking/BookableFlash';
import { BookButton } from '../booking/BookButton';
import { AccountGallery } from '../images/AccountGallery';
import { MessageButton } from '../messaging/MessageButton';
import { ShopSection } from '../storefronts/ShopSection';
import { type ArtistHandle, artistQuery } from './artistQuery';
import { FollowButton } from './FollowButton';

const SOCIAL_LABELS = { website: 'Website', instagram: 'Instagram', facebook: 'Facebook', tiktok: 'TikTok' } as const;

/** What /artist/{slug} and /artist/id/{id} show when the artist cannot be loaded (their route's error). */
export function ArtistNotFound() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Artist not found</Typography>
    </Container>
  );
}

/** /artist/{slug} and /artist/id/{id}: the artist their route's loader loaded. */
export function ArtistProfilePage({ artistHandle }: { artistHandle: ArtistHandle }) {
  const { data: artist } = useSuspenseQuery(artistQuery(useTrpcUtils(), artistHandle));
  const socials = Object.entries(artist.socials ?? {}).filter(([, v]) => v) as Array<[keyof typeof SOCIAL_LABELS, string]>;
  return (
    <Container sx={{ py: 5 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' }, mb: 4 }}>
        <InitialsAvatar name={artist.name} photoUrl={artist.photoUrl} size={96} />
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h1" sx={{ fontSize: '2.2rem' }}>
            {artist.name}
          </Typography>
          <Typography color="text.secondary">
            {artist.displayName}
            {artist.city ? ` · ${[artist.city, artist.state].filter(Boolean).join(', ')}` : ''}
          </Typography>
          <Chip
            size="small"
            sx={{ mt: 1 }}
            color={artist.booksOpen ? 'secondary' : 'default'}
            variant={artist.booksOpen ? 'filled' : 'outlined'}
            label={artist.booksOpen ? 'Books open' : 'Books closed'}
          />
          {!artist.booksOpen && (
            // The server refuses requests while the books are closed, so no Book button is offered.
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {artist.isMe ? (
                <>
                  Clients cannot send you booking requests until you open your books in{' '}
                  <TextLink to="/account/$section" params={{ section: 'booking' }} underline="always">
                    booking settings
                  </TextLink>
                  .
                </>
              ) : (
                `${artist.name} is not taking booking requests right now. Send a message to ask about future openings.`
              )}
            </Typography>
          )}
          <Typography sx={{ mt: 1 }}>
            <strong>{artist.followerCount}</strong> followers · <strong>{artist.followingCount}</strong> following
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          {/* Signed out (decision 034), each asks to sign in and continues afterwards. */}
          {!artist.isMe && <FollowButton userId={artist.userId} isFollowing={artist.isFollowing} />}
          <MessageButton userId={artist.userId} hidden={artist.isMe} />
          {artist.booksOpen && <BookButton to={artistPath(artist, 'booking')} variant="outlined" />}
        </Stack>
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Stack spacing={3}>
          {artist.booksOpen && <BookableFlash artistId={artist.userId} artist={artist} />}
          <Card variant="outlined">
            <CardContent>
              <AccountGallery title="Portfolio" accountType="user" accountId={artist.userId} imageType="portfolio" canEdit={artist.isMe} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <AccountGallery title="Flash" accountType="user" accountId={artist.userId} imageType="flash" canEdit={artist.isMe} />
            </CardContent>
          </Card>
        </Stack>
        <Stack spacing={3}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
                About
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{artist.bio || 'No bio yet.'}</Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 2 }}>
                {artist.tattooStyles.map((s) => (
                  <Chip key={s} size="small" label={s} />
                ))}
              </Box>
              {socials.map(([key, value]) => (
                <Typography key={key} variant="body2">
                  {SOCIAL_LABELS[key]}:{' '}
                  {value.startsWith('http') ? (
                    <Link href={value} rel="noopener noreferrer nofollow" target="_blank">
                      {value}
                    </Link>
                  ) : (
                    value
                  )}
                </Typography>
              ))}
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
                Studios
              </Typography>
              {artist.studios.length === 0 && <Typography color="text.secondary">Not at a studio right now.</Typography>}
              {artist.studios.map((s) => (
                <Typography key={s.id}>
                  {/* Underlined: inside a line of text a link must not be told apart by colour alone. */}
                  <TextLink to={studioPath(s)} underline="always">
                    {s.name}
                  </TextLink>{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {s.shopUserType === 1 ? 'Guest' : 'Resident'} · {s.city}, {s.state}
                  </Typography>
                </Typography>
              ))}
            </CardContent>
          </Card>
        </Stack>
      </Box>
      <ShopSection owner={{ ownerType: 'user', ownerId: artist.userId }} sx={{ mt: 3 }} />
    </Container>
  );
}
