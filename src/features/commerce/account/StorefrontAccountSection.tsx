import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ButtonLink } from '../../../components/links';
import { PageSpinner } from '../../../components/PageSpinner';
import { trpc } from '../../../trpc';
import { ErrorOrUpgrade, UpgradePrompt } from '../../payments/UpgradePrompt';
import { useLockedFeature } from '../../payments/useFeatureGate';

const ME = 'me';

/** /account/storefront: the storefronts the user runs, and a form to open one for them or a studio they manage. */
export default function StorefrontAccountSection() {
  const mine = trpc.storefront.mine.useQuery();
  const studios = trpc.studio.mine.useQuery();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [owner, setOwner] = useState(ME);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  // Decision 042: a personal storefront is Artist Pro's, a studio's is Studio's; say so before the submit.
  const locked = useLockedFeature(owner === ME ? 'storefront' : 'studio_storefront', owner === ME ? undefined : owner);
  const create = trpc.storefront.create.useMutation({
    onSuccess: async (storefront) => {
      await Promise.all([utils.storefront.mine.invalidate(), utils.auth.me.invalidate()]);
      await navigate({ to: '/manage/storefront/$storefrontId', params: { storefrontId: storefront.id } });
    },
  });
  if (mine.isLoading) return <PageSpinner />;
  const manageable = (studios.data ?? []).filter((s) => s.canManage);

  return (
    <Stack spacing={3}>
      {(mine.data ?? []).map((store) => (
        <Card key={store.id} variant="outlined">
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Stack sx={{ flexGrow: 1 }}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                {store.name}
              </Typography>
              <Typography color="text.secondary">
                {store.ownerType === 'shop' ? `Studio storefront of ${store.ownerName}` : 'Your storefront'} ·{' '}
                {store.isActive ? 'Active' : 'Inactive'}
              </Typography>
            </Stack>
            <ButtonLink to="/storefront/$id" params={{ id: store.id }} variant="outlined">
              View
            </ButtonLink>
            <ButtonLink to="/manage/storefront/$storefrontId" params={{ storefrontId: store.id }} variant="contained">
              Manage Storefront
            </ButtonLink>
          </CardContent>
        </Card>
      ))}
      <Card
        variant="outlined"
        component="form"
        aria-labelledby="create-storefront-heading"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({
            name,
            description,
            ...(owner === ME ? { ownerType: 'user' as const } : { ownerType: 'shop' as const, ownerId: owner }),
          });
        }}
      >
        <CardContent>
          <Stack spacing={2}>
            <Typography id="create-storefront-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
              Create Storefront
            </Typography>
            <Typography color="text.secondary">
              Sell aftercare, prints and merch. New storefronts start active with shipping, local pickup and payments on.
            </Typography>
            {create.error && <ErrorOrUpgrade error={create.error} />}
            {locked && !create.error && <UpgradePrompt {...locked} />}
            <TextField select label="Owner" value={owner} onChange={(event) => setOwner(event.target.value)}>
              <MenuItem value={ME}>Me</MenuItem>
              {manageable.map((studio) => (
                <MenuItem key={studio.id} value={studio.id}>
                  {studio.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Storefront Name" value={name} onChange={(event) => setName(event.target.value)} required />
            <TextField
              label="Description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              multiline
              minRows={3}
            />
            <div>
              <Button type="submit" variant="contained" loading={create.isPending} disabled={Boolean(locked)}>
                Create Storefront
              </Button>
            </div>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
