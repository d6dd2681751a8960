import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateProfileInput } from '../../../server/domains/users/inputs';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { useSavedNotice } from '../../components/forms/useSavedNotice';
import { DisplayNameField } from '../auth/DisplayNameField';
import { type Me, rememberUser, useMe } from '../auth/useAuth';
import { FormTextField } from '../../components/forms/FormTextField';

type ProfileForm = z.input<typeof updateProfileInput>;

const profileValues = (me: Me): ProfileForm => ({
  displayName: me.displayName,
  firstName: me.firstName,
  lastName: me.lastName,
  phone: me.phone ?? '',
  city: me.city ?? '',
  state: me.state ?? '',
  bio: me.bio ?? '',
  socials: {
    website: me.socials.website ?? '',
    instagram: me.socials.instagram ?? '',
    facebook: me.socials.facebook ?? '',
    tiktok: me.socials.tiktok ?? '',
  },
});

export default function ProfileSection() {
  const { me } = useMe();
  const utils = trpc.useUtils();
  const update = trpc.user.update.useMutation();
  const saved = useSavedNotice();
  // The form starts from the profile (values, not a reset after mount): every field is drawn
  // filled, its label above it, and a newer profile (a save's answer) refills what was not edited.
  const form = useForm<ProfileForm, unknown, z.output<typeof updateProfileInput>>({
    resolver: zodResolver(updateProfileInput),
    values: me ? profileValues(me) : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const updated = await update.mutateAsync(values).catch(() => null);
    if (!updated) return;
    utils.auth.me.setData(undefined, updated);
    rememberUser(updated);
    saved.show();
  });
  const text = (name: 'firstName' | 'lastName' | 'phone' | 'city' | 'state', label: string) => (
    <FormTextField control={form.control} name={name} label={label} fullWidth />
  );

  if (!me) return null;
  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ maxWidth: 720 }}>
      <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
        Profile
      </Typography>
      <Stack spacing={2}>
        {saved.shown && <Alert severity="success">Profile updated</Alert>}
        {update.error && <Alert severity="error">{errorText(update.error)}</Alert>}
        <TextField label="Email" value={me.email} slotProps={{ input: { readOnly: true } }} helperText="Your sign-in email" />
        <Controller
          control={form.control}
          name="displayName"
          render={({ field }) => (
            <DisplayNameField value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.displayName?.message} />
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('firstName', 'First Name')}
          {text('lastName', 'Last Name')}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('phone', 'Phone')}
          {text('city', 'City')}
          {text('state', 'State')}
        </Stack>
        <FormTextField control={form.control} name="bio" label="Bio" multiline minRows={3} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={form.control} name="socials.website" label="Website" fullWidth />
          <FormTextField control={form.control} name="socials.instagram" label="Instagram" fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={form.control} name="socials.facebook" label="Facebook" fullWidth />
          <FormTextField control={form.control} name="socials.tiktok" label="TikTok" fullWidth />
        </Stack>
        <Box>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Changes'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
