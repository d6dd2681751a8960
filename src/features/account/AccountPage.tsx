import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { ButtonLink, TabLink } from '../../components/links';
import { PageSpinner } from '../../components/PageSpinner';
import { trpc } from '../../trpc';
import { useMe } from '../auth/useAuth';
import ProfileSection from './ProfileSection';
import { type AccountSection, accountRoles, sectionsFor } from './sections';

// The profile, /account's own section, comes with the page, so its code (and the forms' zod and
// react-hook-form chunks) is among the route's preloads in the HTML: lazy, it was found only once
// the page had run, a second level of module requests. The other sections load when opened.
const SecuritySection = lazy(() => import('./SecuritySection'));
const ArtistProfileForm = lazy(() => import('../artists/ArtistProfileForm'));
const BillingSection = lazy(() => import('../payments/BillingSection'));
const PaymentsSection = lazy(() => import('../payments/PaymentsSection'));
const StorefrontAccountSection = lazy(() => import('../commerce/account/StorefrontAccountSection'));
const NotificationPreferences = lazy(() => import('../notifications/preferences/NotificationPreferences'));
const BookingSettingsSection = lazy(() => import('../booking/settings/BookingSettingsSection'));

/**
 * /account and /account/{section}: the tabs of the sections this user may open (the route's loader
 * answers not-found for any other section) and the chosen one.
 */
export function AccountPage({ section }: { section: AccountSection['key'] }) {
  const { me } = useMe();
  const studios = trpc.studio.mine.useQuery(undefined, { enabled: Boolean(me) });
  const sections = me ? sectionsFor(accountRoles(me, studios.data ?? [])) : [];
  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        Account
      </Typography>
      <Tabs
        value={sections.some((s) => s.key === section) ? section : false}
        variant="scrollable"
        aria-label="Account sections"
        sx={{ mb: 3 }}
      >
        {sections.map((s) => (
          <TabLink key={s.key} value={s.key} label={s.label} to="/account/$section" params={{ section: s.key }} />
        ))}
      </Tabs>
      <Box>
        <Suspense fallback={<PageSpinner />}>
          {section === 'profile' && <ProfileSection />}
          {section === 'security' && <SecuritySection />}
          {section === 'artist' && <ArtistProfileForm />}
          {section === 'booking' && <BookingOnceProfiled />}
          {section === 'billing' && <BillingSection />}
          {section === 'payments' && <PaymentsSection />}
          {section === 'notifications' && <NotificationPreferences />}
          {section === 'storefront' && <StorefrontAccountSection />}
        </Suspense>
      </Box>
    </Container>
  );
}

/** Booking settings belong to an artist profile: an artist who has none yet is sent to make one first. */
function BookingOnceProfiled() {
  const profile = trpc.artist.mine.useQuery();
  if (profile.isLoading) return <PageSpinner />;
  if (profile.data) return <BookingSettingsSection />;
  return (
    <Alert
      severity="info"
      action={
        <ButtonLink to="/account/$section" params={{ section: 'artist' }} size="small">
          Artist Profile
        </ButtonLink>
      }
    >
      Create your artist profile first (Account → Artist Profile)
    </Alert>
  );
}
