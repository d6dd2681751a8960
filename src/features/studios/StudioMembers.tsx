import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';

const TYPES = [
  { value: 0, label: 'Resident' },
  { value: 1, label: 'Guest' },
] as const;
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
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Studio members">
            <TableHead>
              <TableRow>
                <TableCell>Member</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Start</TableCell>
                <TableCell>End</TableCell>
                <TableCell>Permissions</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data?.members.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>
                    {m.firstName} {m.lastName}
                    <Typography variant="body2" color="text.secondary">
                      {m.displayName}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      label={`Type of ${m.displayName}`}
                      value={m.shopUserType}
                      onChange={(e) => updateMember.mutate({ memberId: m.id, shopUserType: Number(e.target.value) as 0 | 1 })}
                    >
                      {TYPES.map((t) => (
                        <MenuItem key={t.value} value={t.value}>
                          {t.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    <TextField
                      type="date"
                      size="small"
                      label={`Start date of ${m.displayName}`}
                      value={toInputDate(m.startDate)}
                      onChange={(e) => {
                        const date = fromInputDate(e.target.value);
                        if (date) updateMember.mutate({ memberId: m.id, startDate: date });
                      }}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      type="date"
                      size="small"
                      label={`End date of ${m.displayName}`}
                      value={toInputDate(m.endDate)}
                      onChange={(e) => updateMember.mutate({ memberId: m.id, endDate: fromInputDate(e.target.value) })}
                      helperText={m.endDate ? ' ' : 'Open-ended'}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                  </TableCell>
                  <TableCell>
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
                          onChange={(e) =>
                            updateMember.mutate({ memberId: m.id, permissions: { ...m.permissions, manage: e.target.checked } })
                          }
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
                  </TableCell>
                  <TableCell>
                    <Button
                      color="error"
                      size="small"
                      onClick={() => removeMember.mutate({ memberId: m.id })}
                      aria-label={`Remove ${m.displayName}`}
                    >
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {(list.data?.invitations.length ?? 0) > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Pending invitations: {list.data?.invitations.map((i) => i.displayName ?? i.invitedEmail).join(', ')}
          </Typography>
        )}
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
            error={Boolean(invite.error)}
            helperText={invite.error ? errorText(invite.error) : invite.isSuccess ? 'Invitation sent' : ' '}
          />
          <TextField
            select
            label="As"
            value={inviteType}
            onChange={(e) => setInviteType(Number(e.target.value) as 0 | 1)}
            sx={{ minWidth: 140 }}
          >
            {TYPES.map((t) => (
              <MenuItem key={t.value} value={t.value}>
                {t.label}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button type="submit" variant="contained" disabled={invite.isPending || invitee.trim() === ''}>
              Send Invitation
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
