import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { ErrorOrUpgrade, UpgradePrompt, upgradeOf } from '../payments/UpgradePrompt';
import { useLockedFeature } from '../payments/useFeatureGate';

const TYPES = [
  { value: 0, label: 'Resident' },
  { value: 1, label: 'Guest' },
] as const;
/** Resident or Guest, in the member's type and the invitation's "As". */
const typeOptions = () =>
  TYPES.map((t) => (
    <MenuItem key={t.value} value={t.value}>
      {t.label}
    </MenuItem>
  ));
const toInputDate = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '');
const fromInputDate = (text: string) => (text ? new Date(`${text}T00:00:00`) : null);

/** Members with type, dates and permissions; invitations by display name or e-mail; removal. */
export function StudioMembers({ studioId }: { studioId: string }) {
  const utils = trpc.useUtils();
  const list = trpc.studio.members.useQuery({ id: studioId });
  const refresh = () => utils.studio.members.invalidate({ id: studioId });
  const updateMember = trpc.studio.updateMember.useMutation({ onSuccess: refresh });
  const removeMember = trpc.studio.removeMember.useMutation({ onSuccess: refresh });
  const invite = trpc.studio.addMember.useMutation({ onSuccess: refresh });
  const [invitee, setInvitee] = useState('');
  const [inviteType, setInviteType] = useState<0 | 1>(0);
  const error = updateMember.error ?? removeMember.error;
  const locked = useLockedFeature('studio_members', studioId);

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
          Members
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(error)}
          </Alert>
        )}
        {/* One card per member (not a table): on a phone every field keeps its whole label. */}
        <Stack spacing={2} aria-label="Studio members" role="list">
          {list.data?.members.map((m) => (
            <Box
              key={m.id}
              role="listitem"
              aria-label={m.displayName}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                p: 2,
                display: 'grid',
                gap: 2,
                alignItems: 'start',
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  sm: 'repeat(3, minmax(0, 1fr))',
                  lg: 'minmax(0, 1.5fr) repeat(3, minmax(0, 1fr))',
                },
              }}
            >
              <Box sx={{ gridColumn: { sm: '1 / -1', lg: 'auto' }, minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography sx={{ fontWeight: 600 }}>{`${m.firstName} ${m.lastName}`.trim() || m.displayName}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {m.displayName}
                </Typography>
              </Box>
              <TextField
                select
                size="small"
                fullWidth
                label="Type"
                value={m.shopUserType}
                onChange={(e) => updateMember.mutate({ memberId: m.id, shopUserType: Number(e.target.value) as 0 | 1 })}
              >
                {typeOptions()}
              </TextField>
              <TextField
                type="date"
                size="small"
                fullWidth
                label="Start date"
                value={toInputDate(m.startDate)}
                onChange={(e) => {
                  const date = fromInputDate(e.target.value);
                  if (date) updateMember.mutate({ memberId: m.id, startDate: date });
                }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="date"
                size="small"
                fullWidth
                label="End date"
                value={toInputDate(m.endDate)}
                onChange={(e) => updateMember.mutate({ memberId: m.id, endDate: fromInputDate(e.target.value) })}
                helperText={m.endDate ? ' ' : 'Open-ended'}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
                <FormControlLabel
                  control={
                    <Switch
                      size="small"
                      checked={m.permissions.calendar}
                      onChange={(e) =>
                        updateMember.mutate({ memberId: m.id, permissions: { ...m.permissions, calendar: e.target.checked } })
                      }
                    />
                  }
                  label="Calendar"
                />
                <FormControlLabel
                  control={
                    <Switch
                      size="small"
                      checked={m.permissions.manage}
                      onChange={(e) => updateMember.mutate({ memberId: m.id, permissions: { ...m.permissions, manage: e.target.checked } })}
                    />
                  }
                  label="Manage"
                />
                <FormControlLabel
                  control={
                    <Switch
                      size="small"
                      checked={m.canManageStore}
                      onChange={(e) => updateMember.mutate({ memberId: m.id, canManageStore: e.target.checked })}
                    />
                  }
                  label="Storefront"
                />
                <Button
                  color="error"
                  size="small"
                  sx={{ ml: 'auto' }}
                  onClick={() => removeMember.mutate({ memberId: m.id })}
                  aria-label={`Remove ${m.displayName}`}
                >
                  Remove
                </Button>
              </Box>
            </Box>
          ))}
        </Stack>
        {(list.data?.invitations.length ?? 0) > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Pending invitations: {list.data?.invitations.map((i) => i.displayName ?? i.invitedEmail).join(', ')}
          </Typography>
        )}
        {upgradeOf(invite.error) && <ErrorOrUpgrade error={invite.error} />}
        {/* Decision 042: inviting is the Studio plan's; without it the prompt comes first and the members above stay. */}
        {locked ? (
          <Box sx={{ mt: 3 }}>
            <UpgradePrompt {...locked} />
          </Box>
        ) : (
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mt: 3 }}
            onSubmit={async (e) => {
              e.preventDefault();
              const result = await invite.mutateAsync({ studioId, invitee, shopUserType: inviteType }).catch(() => null);
              if (result) setInvitee('');
            }}
          >
            <TextField
              label="Invite by display name or email"
              value={invitee}
              onChange={(e) => setInvitee(e.target.value)}
              sx={{ flexGrow: 1 }}
              error={Boolean(invite.error) && !upgradeOf(invite.error)}
              helperText={invite.error && !upgradeOf(invite.error) ? errorText(invite.error) : invite.isSuccess ? 'Invitation sent' : ' '}
            />
            <TextField
              select
              label="As"
              value={inviteType}
              onChange={(e) => setInviteType(Number(e.target.value) as 0 | 1)}
              sx={{ minWidth: 140 }}
            >
              {typeOptions()}
            </TextField>
            <Box>
              <Button type="submit" variant="contained" disabled={invite.isPending || invitee.trim() === ''}>
                Send Invitation
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
