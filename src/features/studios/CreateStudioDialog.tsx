import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { US_STATES } from '../../../server/domains/studios/rules';
import { createStudioInput, TIMEZONE_OPTIONS } from '../../../server/domains/studios/inputs';
import { studioPath } from '../../components/links';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { OperatingHoursEditor } from './OperatingHoursEditor';
import { StudioToggles } from './StudioToggles';
import { FormTextField } from '../../components/forms/FormTextField';

type Form = z.input<typeof createStudioInput>;

export function CreateStudioDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.studio.create.useMutation();
  const form = useForm<Form, unknown, z.output<typeof createStudioInput>>({
    resolver: zodResolver(createStudioInput),
    defaultValues: {
      name: '',
      address: '',
      city: '',
      state: '' as never,
      zipCode: '',
      timezone: 'America/Los_Angeles',
      phone: '',
      email: '',
      website: '',
      description: '',
      openingHours: {},
      lookingForResident: false,
      lookingForGuest: false,
      isBookable: false,
      useArtistsPortfolios: false,
      useArtistsFlashes: false,
    },
  });
  const { isSubmitting } = form.formState;
  const text = (
    name: 'name' | 'address' | 'city' | 'zipCode' | 'phone' | 'email' | 'website' | 'description',
    label: string,
    extra: object = {},
  ) => <FormTextField control={form.control} name={name} label={label} fullWidth {...extra} />;
  const onSubmit = form.handleSubmit(async (values) => {
    const studio = await create.mutateAsync(values).catch(() => null);
    if (!studio) return;
    await utils.studio.mine.invalidate();
    form.reset();
    onClose();
    await navigate({ to: studioPath(studio) });
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="create-studio-title">
      <DialogTitle id="create-studio-title">Create New Studio</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <DialogContent dividers>
          <Stack spacing={2}>
            {create.error && <Alert severity="error">{errorText(create.error, 'Failed to create studio')}</Alert>}
            {text('name', 'Studio Name')}
            {text('address', 'Address', { placeholder: '1200 SE Division St' })}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('city', 'City')}
              <FormTextField control={form.control} name="state" select label="State" fullWidth>
                {US_STATES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {s}
                  </MenuItem>
                ))}
              </FormTextField>
              {text('zipCode', 'Zip Code')}
            </Stack>
            <FormTextField control={form.control} name="timezone" select label="Timezone" fullWidth>
              {TIMEZONE_OPTIONS.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </FormTextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('phone', 'Phone', { type: 'tel' })}
              {text('email', 'Email', { type: 'email' })}
            </Stack>
            {text('website', 'Website')}
            {text('description', 'Description', { multiline: true, minRows: 3 })}
            <Controller
              control={form.control}
              name="openingHours"
              render={({ field }) => <OperatingHoursEditor value={field.value ?? {}} onChange={field.onChange} />}
            />
            <StudioToggles control={form.control} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Creating...' : 'Create Studio'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
