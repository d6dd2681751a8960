import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { ComingSoon } from '../../components/ComingSoon';
import { TabLink } from '../../components/links';
import { PageSpinner } from '../../components/PageSpinner';

const ProfileSection = lazy(() => import('./ProfileSection'));
const SecuritySection = lazy(() => import('./SecuritySection'));
const ArtistProfileForm = lazy(() => import('../artists/ArtistProfileForm'));
const BillingSection = lazy(() => import('../payments/BillingSection'));
const PaymentsSection = lazy(() => import('../payments/PaymentsSection'));
const StorefrontAccountSection = lazy(() => import('../commerce/account/StorefrontAccountSection'));
const NotificationPreferences = lazy(() => import('../notifications/preferences/NotificationPreferences'));
const BookingSettingsSection = lazy(() => import('../booking/settings/BookingSettingsSection'));

/** Account settings sections; ones whose features are still being built say so. */
export const ACCOUNT_SECTIONS = [
  { key: 'profile', label: 'Profile' },
  { key: 'security', label: 'Security' },
  { key: 'artist', label: 'Artist Profile' },
  { key: 'booking', label: 'Booking' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'storefront', label: 'Storefront' },
  { key: 'billing', label: 'Billing' },
  { key: 'payments', label: 'Payments' },
] as const;

export function AccountPage({ section }: { section: string }) {
  const current = ACCOUNT_SECTIONS.find((s) => s.key === section);
  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        Account
      </Typography>
      <Tabs value={current ? current.key : false} variant="scrollable" aria-label="Account sections" sx={{ mb: 3 }}>
        {ACCOUNT_SECTIONS.map((s) => (
          <TabLink key={s.key} value={s.key} label={s.label} to="/account/$section" params={{ section: s.key }} />
        ))}
      </Tabs>
      <Box>
        <Suspense fallback={<PageSpinner />}>
          {section === 'profile' && <ProfileSection />}
          {section === 'security' && <SecuritySection />}
          {section === 'artist' && <ArtistProfileForm />}
          {section === 'booking' && <BookingSettingsSection />}
          {section === 'billing' && <BillingSection />}
          {section === 'payments' && <PaymentsSection />}
          {section === 'notifications' && <NotificationPreferences />}
          {section === 'storefront' && <StorefrontAccountSection />}
          {!['profile', 'security', 'artist', 'booking', 'notifications', 'storefront', 'billing', 'payments'].includes(section) && <ComingSoon title={current?.label ?? 'Account'} />}
        </Suspense>
      </Box>
    </Container>
  );
}
