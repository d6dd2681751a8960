import EditIcon from '@mui/icons-material/Edit';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ButtonLink, studioPath } from '../../components/links';
import { useTrpcUtils } from '../../useTrpcUtils';
import { errorText } from '../../components/forms/errorText';
import { BookButton } from '../booking/BookButton';
import { StudioGallery } from '../images/AccountGallery';
import { MessageButton } from '../messaging/MessageButton';
import { ShopSection } from '../storefronts/ShopSection';
import { ActivationChip, StudioActivationNote, studioDate } from './StudioActivation';
import { StudioBanner } from './StudioBanner';
import { type StudioHandle, studioQuery } from './studioQuery';

/** What /studio/{slug} and /studio/id/{id} show when the studio cannot be loaded (its route's error). */
export function StudioNotFound({ error }: { error: unknown }) {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Studio not found</Typography>
      <Typography color="text.secondary">{errorText(error)}</Typography>
    </Container>
  );
}

/** /studio/{slug} and /studio/id/{id}: the studio its route's loader loaded. */
export function StudioPage({ studioHandle }: { studioHandle: StudioHandle }) {
  const { data: studio } = useSuspenseQuery(studioQuery(useTrpcUtils(), studioHandle));
  const residents = studio.artists.filter((a) => a.shopUserType === 0);
  const guests = studio.artists.filter((a) => a.shopUserType === 1);
  const galleryLayout = studio.useCarousel ? 'carousel' : 'grid';
  return (
    <>
      <StudioBanner banner={studio.banner} name={studio.name} />
      <Container sx={{ py: 4 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
          <Box>
            <Typography variant="h1" sx={{ fontSize: '2.2rem' }}>
              {studio.name}
            </Typography>
            <Typography color="text.secondary">
              {studio.displayName} · {studio.city}, {studio.state}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
              <ActivationChip activation={studio.activation} timezone={studio.timezone} />
              {studio.isVerified && <Chip size="small" color="primary" label="Verified" />}
              {studio.lookingForResident && <Chip size="small" label="Looking for residents" />}
              {studio.lookingForGuest && <Chip size="small" label="Looking for guest artists" />}
            </Stack>
          </Box>
          <Stack direction="row" spacing={1}>
            <MessageButton shopId={studio.id} hidden={studio.canManage} />
            {/* Signed out (decision 034), Message and Book ask to sign in and continue afterwards. */}
            {studio.isBookable && <BookButton to={studioPath(studio, 'booking')} variant="contained" />}
            {studio.canManage && (
              <ButtonLink to={studioPath(studio, 'manage')} variant="outlined" startIcon={<EditIcon />}>
                Manage
              </ButtonLink>
            )}
          </Stack>
        </Stack>

        {/* Galleries come last: they grow when their images arrive, and nothing below them
            should move (layout shift). On a phone the details come right after the about. */}
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            mt: 4,
            alignItems: 'start',
            gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
            gridTemplateAreas: {
              xs: '"about" "details" "artists" "portfolio" "flash"',
              md: '"about details" "artists details" "portfolio details" "flash details"',
            },
          }}
        >
          {studio.description && (
            <Card variant="outlined" sx={{ gridArea: 'about' }}>
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
                  About
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line' }}>{studio.description}</Typography>
              </CardContent>
            </Card>
          )}
          <Card variant="outlined" sx={{ gridArea: 'details' }}>
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
                Details
              </Typography>
              <Typography>{studio.address}</Typography>
              <Typography>
                {studio.city}, {studio.state} {studio.zipCode}
              </Typography>
              {studio.phone && <Typography sx={{ mt: 1 }}>{studio.phone}</Typography>}
              {studio.email && <Typography>{studio.email}</Typography>}
              {studio.website && <Typography>{studio.website}</Typography>}
              <Typography variant="h3" sx={{ fontSize: '1.05rem', mt: 2 }}>
                Hours
              </Typography>
              <Typography color="text.secondary">{studio.hoursSummary}</Typography>
              <StudioActivationNote
                studioId={studio.id}
                isActive={studio.isActive}
                activation={studio.activation}
                timezone={studio.timezone}
              />
            </CardContent>
          </Card>
          <Card variant="outlined" sx={{ gridArea: 'artists' }}>
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
                Artists
              </Typography>
              {studio.artists.length === 0 && <Typography color="text.secondary">No artists yet.</Typography>}
              {[
                ['Residents', residents],
                ['Guest artists', guests],
              ].map(([title, list]) =>
                (list as typeof residents).length === 0 ? null : (
                  <Box key={title as string}>
                    <Typography variant="overline">{title as string}</Typography>
                    <List dense>
                      {(list as typeof residents).map((artist) => (
                        <ListItem key={artist.membershipId} disableGutters>
                          <ListItemAvatar>
                            <Avatar src={artist.photoUrl ?? undefined} alt="">
                              {(artist.firstName || artist.displayName.slice(1)).charAt(0).toUpperCase()}
                            </Avatar>
                          </ListItemAvatar>
                          <ListItemText
                            primary={`${artist.firstName} ${artist.lastName}`.trim() || artist.displayName}
                            secondary={
                              artist.endDate
                                ? `${artist.displayName} · until ${studioDate(artist.endDate, studio.timezone)}`
                                : artist.displayName
                            }
                          />
                        </ListItem>
                      ))}
                    </List>
                  </Box>
                ),
              )}
            </CardContent>
          </Card>
          <Card variant="outlined" sx={{ gridArea: 'portfolio' }}>
            <CardContent>
              <StudioGallery
                title="Portfolio"
                studioId={studio.id}
                imageType="portfolio"
                useArtists={studio.useArtistsPortfolios}
                canEdit={studio.canManage}
                layout={galleryLayout}
              />
            </CardContent>
          </Card>
          <Card variant="outlined" sx={{ gridArea: 'flash' }}>
            <CardContent>
              <StudioGallery
                title="Flash"
                studioId={studio.id}
                imageType="flash"
                useArtists={studio.useArtistsFlashes}
                canEdit={studio.canManage}
                layout={galleryLayout}
              />
            </CardContent>
          </Card>
        </Box>
        <ShopSection owner={{ ownerType: 'shop', ownerId: studio.id }} sx={{ mt: 3 }} />
      </Container>
    </>
  );
}
