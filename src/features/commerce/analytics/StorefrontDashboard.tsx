import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../../components/links';
import { LoadFailed } from '../../../components/LoadFailed';
import { trpc } from '../../../trpc';
import { InactiveStorefrontCard } from './InactiveStorefrontCard';
import { StorefrontAnalyticsPanel } from './StorefrontAnalyticsPanel';

/**
 * The home dashboard's storefront part (spec 1 §2): a panel for the user's own active storefront
 * and for each studio storefront they may manage; without any, the Start Selling prompt. The user's
 * own storefront while inactive shows its state and how to activate it again.
 */
export default function StorefrontDashboard() {
  const mine = trpc.storefront.mine.useQuery();
  if (mine.isLoading) return null;
  if (mine.isError)
    return (
      <Box sx={{ mt: 3 }}>
        <LoadFailed message="Failed to load storefront analytics" onRetry={() => mine.refetch()} retrying={mine.isFetching} />
      </Box>
    );
  const stores = mine.data ?? [];
  if (stores.length === 0) {
    return (
      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              Start Selling
            </Typography>
            <Typography color="text.secondary">Open a storefront for aftercare, prints and merch.</Typography>
          </Box>
          <ButtonLink to="/account/$section" params={{ section: 'storefront' }} variant="contained">
            Create Storefront
          </ButtonLink>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      {stores.map((store) =>
        store.ownerType === 'user' && !store.isActive ? (
          <InactiveStorefrontCard key={store.id} storefrontId={store.id} name={store.name} />
        ) : (
          <StorefrontAnalyticsPanel key={store.id} storefrontId={store.id} name={store.name} />
        ),
      )}
    </>
  );
}
