import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorText } from '../../../components/forms/errorText';
import { ButtonLink } from '../../../components/links';
import { trpc } from '../../../trpc';

/**
 * The home dashboard's place for the user's own storefront while it is inactive: the spec shows
 * analytics only for an active one and Start Selling only to someone without any, so without this
 * a seller who deactivated their store would see nothing of it. Activate uses the manage page's
 * toggleActive, asking for the active state (so a card left open after the store was activated
 * elsewhere does not turn it off again); nothing else is required, and once active the analytics
 * panel takes its place.
 */
export function InactiveStorefrontCard({ storefrontId, name }: { storefrontId: string; name: string }) {
  const utils = trpc.useUtils();
  const activate = trpc.storefront.toggleActive.useMutation({
    onSuccess: () => Promise.all([utils.storefront.mine.invalidate(), utils.storefront.byId.invalidate({ storefrontId })]),
  });
  return (
    <Card variant="outlined" component="section" aria-label={`${name} is inactive`} sx={{ mt: 3 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {name}
          </Typography>
          <Chip size="small" label="Inactive" />
        </Stack>
        <Typography sx={{ mb: 0.5 }}>Your storefront is inactive.</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Buyers can't find it or order from it; only you can see it. Its products and orders are kept, and its sales analytics show here
          again once you activate it.
        </Typography>
        {activate.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(activate.error)}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" loading={activate.isPending} onClick={() => activate.mutate({ storefrontId, active: true })}>
            Activate Storefront
          </Button>
          <ButtonLink to="/manage/storefront/$storefrontId" params={{ storefrontId }} variant="outlined">
            Manage Storefront
          </ButtonLink>
        </Box>
      </CardContent>
    </Card>
  );
}
