import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { createRequestInput } from '../../../server/domains/booking/inputs';
import { TATTOO_STYLES } from '../../../server/domains/studios/rules';
import { parseDollarsToCents } from '../../../server/lib/money';
import { FormTextField } from '../../components/forms/FormTextField';
import { inputResolver } from '../../components/forms/inputResolver';
import { trpc } from '../../trpc';
import { useMe } from '../auth/useAuth';
import { uploadImage } from '../images/upload';
import { type BookableService, ServicePicker } from './ServicePicker';

type Photo = { id: string; url: string };
/** What the client types and picks, under the input's names (the photos with their previews). */
type Fields = {
  serviceId: string;
  idea: string;
  placement: string;
  size: string;
  style: string;
  budget: string;
  referenceImageIds: Photo[];
};
const EMPTY: Fields = { serviceId: '', idea: '', placement: '', size: '', style: '', budget: '', referenceImageIds: [] };

/**
 * Request-first intake: the service (a custom tattoo by default), idea, placement, size, style,
 * budget and reference photos. Photos are uploaded as the client's reference images first; the
 * request opens a thread with the artist.
 */
export function BookingRequestForm(props: { artistId: string; shopId?: string; initialServiceId?: string }) {
  const { me } = useMe();
  const navigate = useNavigate();
  const services = trpc.booking.services.useQuery({ artistId: props.artistId });
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<Fields, unknown, z.output<typeof createRequestInput>>({
    resolver: inputResolver(createRequestInput, (f: Fields) => ({
      artistId: props.artistId,
      shopId: props.shopId,
      serviceId: f.serviceId || undefined,
      idea: f.idea,
      placement: f.placement,
      size: f.size,
      style: f.style || undefined,
      budget: f.budget.trim() === '' ? undefined : (parseDollarsToCents(f.budget) ?? Number.NaN),
      referenceImageIds: f.referenceImageIds.map((p) => p.id),
    })),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const [serviceId, photos] = useWatch({ control, name: ['serviceId', 'referenceImageIds'] });
  const create = trpc.booking.createRequest.useMutation({
    onSuccess: (request) => navigate({ to: '/calendar', search: { request: request.id } }),
  });
  // A service chosen before arriving (the profile's "Book this flash") is picked once its list loads.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !props.initialServiceId || !services.data) return;
    preselected.current = true;
    const service = services.data.find((s) => s.id === props.initialServiceId);
    if (service) pickService(service);
  });

  function pickService(service: BookableService | null) {
    form.setValue('serviceId', service?.id ?? '');
    // The idea names the flash piece or consultation unless the client already wrote one.
    if (service && service.kind !== 'session' && !form.getValues('idea').trim()) form.setValue('idea', service.name);
  }

  async function addPhotos(files: FileList | null) {
    if (!files || !me) return;
    setUploading(true);
    setUploadError(null);
    try {
      for (const file of Array.from(files)) {
        const image = await uploadImage(file, { accountType: 'user', accountId: me.id, imageType: 'reference' }, () => {});
        form.setValue('referenceImageIds', [...form.getValues('referenceImageIds'), image]);
      }
    } catch (e) {
      setUploadError((e as Error).message);
    } finally {
      setUploading(false);
    }
  }

  const submit = form.handleSubmit((input) => create.mutateAsync(input).catch(() => null));
  // The picker and the photos have no text of their own to stand under.
  const { errors } = form.formState;
  const error = uploadError ?? errors.serviceId?.message ?? errors.referenceImageIds?.message ?? create.error?.message;

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Booking request">
      {error && <Alert severity="error">{error}</Alert>}
      <ServicePicker services={services.data ?? []} value={serviceId} onChange={pickService} />
      <FormTextField control={control} name="idea" label="Your idea" multiline minRows={3} required />
      <FormTextField control={control} name="placement" label="Placement" placeholder="e.g. left forearm" required />
      <FormTextField control={control} name="size" label="Size" placeholder="e.g. 10 cm" required />
      <FormTextField control={control} name="style" select label="Style">
        <MenuItem value="">Any</MenuItem>
        {TATTOO_STYLES.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="budget" label="Budget (USD)" type="number" slotProps={{ htmlInput: { min: 0, step: 1 } }} />
      <Button component="label" variant="outlined" disabled={uploading}>
        {uploading ? 'Uploading…' : 'Add reference photos'}
        <input hidden type="file" accept="image/*" multiple aria-label="Reference photos" onChange={(e) => addPhotos(e.target.files)} />
      </Button>
      {photos.length > 0 && (
        <Stack direction="row" spacing={1} aria-label="Attached reference photos">
          {photos.map((p) => (
            <img key={p.id} src={p.url} alt="Reference" width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} />
          ))}
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary">
        The artist answers in your messages with a quote, a question or a decline. Unanswered requests expire after 7 days.
      </Typography>
      <Button type="submit" variant="contained" disabled={form.formState.isSubmitting || uploading}>
        {form.formState.isSubmitting ? 'Sending…' : 'Send Request'}
      </Button>
    </Stack>
  );
}
