import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChatIcon from '@mui/icons-material/Chat';
import PaletteIcon from '@mui/icons-material/Palette';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import { ButtonLink, CardActionAreaLink } from '../../components/links';
import { trpc } from '../../trpc';
import { isArtist, type Me } from '../auth/useAuth';

// Lazy: the landing page shares this route's chunk and must not carry the storefront panels.
const StorefrontDashboard = lazy(() => import('../commerce/analytics/StorefrontDashboard'));

const quickActions: Array<{ title: string; to: string; icon: ReactNode; text: string }> = [
  { title: 'Check Messages', to: '/inbox', icon: <ChatIcon />, text: 'Your conversations and notifications' },
  { title: 'View Calendar', to: '/calendar', icon: <CalendarMonthIcon />, text: 'Appointments and reminders' },
  { title: 'Browse Artists', to: '/artists', icon: <PaletteIcon />, text: 'Find artists by style and city' },
  { title: 'View Studios', to: '/studios', icon: <StorefrontIcon />, text: 'Studios near you' },
];

export function HomeDashboard({ me }: { me: Me }) {
  // "Welcome" is true on any visit; "back" only once the server knows of an earlier one.
  const visit = trpc.auth.firstVisit.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const returning = visit.data?.firstVisit === false;
  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        {returning ? 'Welcome back' : 'Welcome'}, {me.firstName || me.displayName}
      </Typography>
      <Box
        component="nav"
        aria-label="Quick actions"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        {quickActions.map((action) => (
          <Card key={action.to} variant="outlined">
            <CardActionAreaLink to={action.to} sx={{ height: '100%' }}>
              <CardContent>
                <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden="true">
                  {action.icon}
                </Box>
                <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
                  {action.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {action.text}
                </Typography>
              </CardContent>
            </CardActionAreaLink>
          </Card>
        ))}
      </Box>

      <Box sx={{ display: 'grid', gap: 3, mt: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              Recent Activity
            </Typography>
            <Typography color="text.secondary">Your recent activity will appear here.</Typography>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {me.firstName} {me.lastName}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {me.email}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <ButtonLink to="/account" variant="outlined" size="small">
                Edit Profile
              </ButtonLink>
              {isArtist(me) && (
                <ButtonLink to="/account" hash="artist" variant="outlined" size="small">
                  Manage Artist Profile
                </ButtonLink>
              )}
            </Box>
          </CardContent>
        </Card>
      </Box>

      <Suspense fallback={null}>
        <StorefrontDashboard />
      </Suspense>
    </Container>
  );
}
