import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink, studioPath } from '../../components/links';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';

/** What /invite/{code} shows when the invitation cannot be loaded (its route's error). */
export function InvitationNotFound({ error }: { error: unknown }) {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        Invitation
      </Typography>
      <Alert severity="error">{errorText(error, 'Invitation not found')}</Alert>
    </Container>
  );
}

/** /invite/{code}: the invited artist accepts or declines joining a studio. */
export function InvitePage({ code }: { code: string }) {
  const utils = trpc.useUtils();
  const [data] = trpc.studio.invitation.useSuspenseQuery({ code }, { retry: false });
  const respond = trpc.studio.respondToInvitation.useMutation({
    onSuccess: () => Promise.all([utils.studio.invitation.invalidate({ code }), utils.studio.mine.invalidate()]),
  });
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        Invitation
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
            {data.shopName}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {data.location} · invited you as a {data.shopUserType === 1 ? 'guest artist' : 'resident artist'}
          </Typography>
          {respond.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(respond.error)}
            </Alert>
          )}
          {data.status === 'pending' ? (
            <Stack direction="row" spacing={2}>
              <Button variant="contained" disabled={respond.isPending} onClick={() => respond.mutate({ code, accept: true })}>
                Accept
              </Button>
              <Button disabled={respond.isPending} onClick={() => respond.mutate({ code, accept: false })}>
                Decline
              </Button>
            </Stack>
          ) : (
            <Stack spacing={2}>
              <Alert severity={data.status === 'accepted' ? 'success' : 'info'}>
                {data.status === 'accepted' ? `You joined ${data.shopName}.` : `This invitation is ${data.status}.`}
              </Alert>
              {data.status === 'accepted' && (
                <ButtonLink to={studioPath({ id: data.shopId, urlSlug: data.shopSlug })} variant="outlined">
                  Go to the studio
                </ButtonLink>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
