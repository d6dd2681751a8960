import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { studioPath } from '../../../server/domains/studios/rules';
import { LoadFailed } from '../../components/LoadFailed';
import { errorText } from '../../components/forms/errorText';
import { PageSpinner } from '../../components/PageSpinner';
import { trpc } from '../../trpc';
import { formatDateTime } from '../components/format';
import { useFlash } from '../components/useFlash';
import { mainSiteOrigin } from '../location';

/**
 * Studio Activations: the studios whose owners asked InkLink to activate them, oldest request
 * first. Activate sets the studio active; Decline leaves it inactive; either way the owner gets an
 * in-app notification and the request leaves this list.
 */
export default function ActivationsTab() {
  const utils = trpc.useUtils();
  const pending = trpc.admin.activations.pending.useQuery(undefined, { staleTime: 0 });
  const decide = trpc.admin.activations.decide.useMutation({ onSettled: () => utils.admin.activations.pending.invalidate() });
  const [flash, showFlash] = useFlash();
  const origin = mainSiteOrigin();
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
        Studio Activations
      </Typography>
      <Typography color="text.secondary">
        New studios start inactive. Their owners ask for activation from the studio page; review each studio and activate or decline it.
      </Typography>
      {flash && <Alert severity="success">{flash}</Alert>}
      {decide.error && <Alert severity="error">{errorText(decide.error)}</Alert>}
      {pending.isError && !pending.data && (
        <LoadFailed message="Failed to load activation requests" onRetry={() => pending.refetch()} retrying={pending.isFetching} />
      )}
      {pending.isLoading && <PageSpinner />}
      {pending.data?.length === 0 && <Typography>No activation requests waiting.</Typography>}
      {pending.data?.map((r) => (
        <Card key={r.id} variant="outlined" component="section" aria-label={`Activation request for ${r.name}`}>
          <CardContent>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
                  <Link href={`${origin}${studioPath({ id: r.studioId, urlSlug: r.urlSlug })}`} target="_blank" rel="noopener">
                    {r.name}
                  </Link>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[r.city, r.state].filter(Boolean).join(', ') || '—'} · owner {r.ownerDisplayName} ({r.ownerEmail})
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Requested {formatDateTime(r.requestedAt)} · studio added {formatDateTime(r.dateAdded)}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                <Button
                  variant="contained"
                  color="success"
                  disabled={decide.isPending}
                  onClick={() =>
                    decide.mutate({ requestId: r.id, decision: 'approve' }, { onSuccess: () => showFlash(`${r.name} is now active`) })
                  }
                >
                  Activate
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  disabled={decide.isPending}
                  onClick={() =>
                    decide.mutate(
                      { requestId: r.id, decision: 'decline' },
                      { onSuccess: () => showFlash(`Activation of ${r.name} declined`) },
                    )
                  }
                >
                  Decline
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
