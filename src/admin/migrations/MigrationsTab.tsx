import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CleanupTool } from './CleanupTool';
import { MigrationTool } from './MigrationTool';
import { RunHistory } from './RunHistory';

const SHOP_RECORD_FIXES = [
  'searchName and searchCity',
  'managingUsers and messageUsers arrays',
  'useArtistsPortfolios and useArtistsFlashes flags',
  'isActive, isVerified, isFeatured flags',
  'defaults for quality, endorsements and boost',
  'default timezone',
  'empty arrays for paymentTypes, styles and sources',
];

/** Migrations tab (spec 2 §2): the four tools stacked, then the run history. */
export default function MigrationsTab() {
  return (
    <Box>
      <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
        Database Migrations
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Manage database migrations and data transformations.
      </Typography>
      <Stack spacing={3}>
        <MigrationTool tool="shop-user-end-date" title="ShopUser EndDate Migration" buttonLabel="Run EndDate Migration">
          <Typography color="text.secondary">
            Gives every shop user without an endDate (an 'infinity' end) an open-ended one (null) and stamps its lastUpdated, 500 at a time.
            Memberships already open-ended are left alone.
          </Typography>
        </MigrationTool>
        <MigrationTool tool="shop-user-permissions" title="ShopUser Permissions Migration" buttonLabel="Run Permissions Migration">
          <Typography color="text.secondary">
            Derives each shop user's permissions from the shop's managing users (calendar and manage); nothing is revoked.
          </Typography>
        </MigrationTool>
        <MigrationTool tool="shop-records" title="Shop Records Migration" buttonLabel="Run Shop Migration">
          <Typography sx={{ mb: 1 }}>Fixes on every shop record:</Typography>
          <Box component="ul" sx={{ mt: 0 }}>
            {SHOP_RECORD_FIXES.map((fix) => (
              <li key={fix}>{fix}</li>
            ))}
          </Box>
          <Alert severity="warning" sx={{ mb: 1 }}>
            This is a one-time migration. It is safe to run more than once because it only adds missing fields.
          </Alert>
        </MigrationTool>
        <CleanupTool />
        <RunHistory />
      </Stack>
    </Box>
  );
}
