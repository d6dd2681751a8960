import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { errorText } from '../../components/forms/errorText';
import { trpc } from '../../trpc';

/** The spec's text for a studio InkLink has not activated yet (spec 1, studio page). */
export const NOT_ACTIVE_TEXT = 'This studio is not yet active on InkLink.';

/** A formatter per zone: making one costs more than formatting (seen in the server render's profile). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** In the studio's own zone, so the server's render and the browser's agree on the day. */
export function studioDate(date: Date, timeZone: string) {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
    dateFormats.set(timeZone, format);
  }
  return format.format(date);
}

type Activation =
  | { status: 'active' }
  | { status: 'pending'; requestedAt: Date }
  | { status: 'declined'; decidedAt: Date }
  | { status: 'none' };

/** The owner's status chip beside the studio's name: Active, or when activation was requested. */
export function ActivationChip({ activation, timezone }: { activation: Activation | null; timezone: string }) {
  if (activation?.status === 'active') return <Chip size="small" color="success" label="Active" />;
  if (activation?.status === 'pending')
    return (
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={`Activation requested on ${studioDate(activation.requestedAt, timezone)}`}
      />
    );
  return null;
}

/**
 * The details card's note on an inactive studio. Visitors read the spec's sentence; the owner also
 * reads what activation means and how it happens, and asks for it here (an admin reviews it in the
 * console; the owner gets a notification when it is decided).
 */
export function StudioActivationNote(props: { studioId: string; isActive: boolean; activation: Activation | null; timezone: string }) {
  const utils = trpc.useUtils();
  const request = trpc.studio.requestActivation.useMutation({
    onSuccess: () => Promise.all([utils.studio.bySlug.invalidate(), utils.studio.byId.invalidate()]),
  });
  if (props.isActive) return null;
  const { activation } = props;
  if (!activation) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {NOT_ACTIVE_TEXT}
      </Alert>
    );
  }
  return (
    <Alert severity="info" sx={{ mt: 2 }} role="region" aria-label="Studio activation">
      <AlertTitle>{NOT_ACTIVE_TEXT}</AlertTitle>
      <Typography variant="body2">
        Visitors see this note until InkLink activates your studio. Activation means an InkLink admin has reviewed the studio's details
        (name, address and contact) and marked it active; inactive studios left unchanged for months may be removed by the cleanup of
        inactive shops.
      </Typography>
      {activation.status === 'pending' && (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
          Activation requested on {studioDate(activation.requestedAt, props.timezone)}. You will get a notification when it is reviewed.
        </Typography>
      )}
      {activation.status === 'declined' && (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
          Activation was declined on {studioDate(activation.decidedAt, props.timezone)}. Check the studio's details and ask again.
        </Typography>
      )}
      {(activation.status === 'none' || activation.status === 'declined') && (
        <Button
          variant="contained"
          size="small"
          sx={{ mt: 1.5 }}
          disabled={request.isPending}
          onClick={() => request.mutate({ id: props.studioId })}
        >
          {request.isPending ? 'Requesting...' : 'Request activation'}
        </Button>
      )}
      {request.error && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {errorText(request.error)}
        </Typography>
      )}
    </Alert>
  );
}
