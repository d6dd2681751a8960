import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { ACCESS_DENIED_MESSAGE } from '../../server/domains/admin/rules';
import { trpc } from '../trpc';
import { AdminPanel } from './AdminPanel';
import { mainSiteOrigin, normalizeAdminPath } from './location';

// The login form (react-hook-form and zod with the admin schemas) loads only for a visitor who is not
// signed in: an admin who is starts with the header, the tabs and the dashboard.
const AdminLogin = lazy(() => import('./AdminLogin').then((m) => ({ default: m.AdminLogin })));

function AccessLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 12 }}>
      <CircularProgress aria-label="Loading admin access" />
      <Typography>Loading admin access...</Typography>
    </Box>
  );
}

/**
 * The access gate (spec 2 §2), in the spec's order: loading, then no user shows the login, then a
 * user without AppAdmin sees access denied, then the panel. It is only the interface: every admin
 * procedure checks AppAdmin on the server.
 */
export function AdminApp() {
  useEffect(normalizeAdminPath, []);
  const me = trpc.auth.me.useQuery();
  if (me.isLoading) return <AccessLoading />;
  if (!me.data) {
    return (
      <Suspense fallback={<AccessLoading />}>
        <AdminLogin />
      </Suspense>
    );
  }
  if (!me.data.userTypes.includes('AppAdmin')) {
    return (
      <Container component="main" maxWidth="sm" sx={{ py: 10 }}>
        <Typography variant="h1" sx={{ fontSize: '1.8rem', mb: 3 }}>
          Admin Dashboard
        </Typography>
        <Alert severity="error" sx={{ mb: 3 }}>
          {ACCESS_DENIED_MESSAGE}
        </Alert>
        <Button variant="contained" href={mainSiteOrigin()}>
          Go to Main Site
        </Button>
      </Container>
    );
  }
  return <AdminPanel me={me.data} />;
}
