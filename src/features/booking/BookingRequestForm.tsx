import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { createRequestInput } from '../../../server/domains/booking/inputs';
import { TATTOO_STYLES } from '../../../server/domains/studios/rules';
import { trpc } from '../../trpc';
import { useMe } from '../auth/useAuth';
import { uploadImage } from '../images/upload';
import { type BookableService, ServicePicker } from './ServicePicker';

/**
 * Request-first intake: the service (a custom tattoo by default), idea, placement, size, style,
 * budget and reference photos. Photos are uploaded as the client's reference images first; the
 * request opens a thread with the artist.
 */
export function BookingRequestForm(props: { artistId: string; shopId?: string; initialServiceId?: string }) {
  const { me } = useMe();
  const navigate = useNavigate();
  const [form, setForm] = useState({ idea: '', placement: '', size: '', style: '', budget: '' });
  const [serviceId, setServiceId] = useState('');
  const services = trpc.booking.services.useQuery({ artistId: props.artistId });
  const [photos, setPhotos] = useState<Array<{ id: string; url: string }>>([]);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const create = trpc.booking.createRequest.useMutation({
    onSuccess: (request) => navigate({ to: '/calendar', search: { request: request.id } }),
    onError: (e) => setError(e.message),
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
    setServiceId(service?.id ?? '');
    // The idea names the flash piece or consultation unless the client already wrote one.
    if (service && service.kind !== 'session' && !form.idea.trim()) setForm({ ...form, idea: service.name });
  }
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  async function addPhotos(files: FileList | null) {
    if (!files || !me) return;
    setUploading(true);
    setError(null);
    try {
      for (const file of Array.from(files)) {
        const image = await uploadImage(file, { accountType: 'user', accountId: me.id, imageType: 'reference' }, () => {});
        setPhotos((list) => [...list, image]);
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setUploading(false);
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const input = {
      artistId: props.artistId,
      shopId: props.shopId,
      serviceId: serviceId || undefined,
      idea: form.idea,
      placement: form.placement,
      size: form.size,
      style: form.style || undefined,
      budget: form.budget ? Math.round(Number(form.budget) * 100) : undefined,
      referenceImageIds: photos.map((p) => p.id),
    };
    const parsed = createRequestInput.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    create.mutate(parsed.data);
  }

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Booking request">
      {error && <Alert severity="error">{error}</Alert>}
      <ServicePicker services={services.data ?? []} value={serviceId} onChange={pickService} />
      <TextField label="Your idea" multiline minRows={3} value={form.idea} onChange={set('idea')} required />
      <TextField label="Placement" placeholder="e.g. left forearm" value={form.placement} onChange={set('placement')} required />
      <TextField label="Size" placeholder="e.g. 10 cm" value={form.size} onChange={set('size')} required />
      <TextField select label="Style" value={form.style} onChange={set('style')}>
        <MenuItem value="">Any</MenuItem>
        {TATTOO_STYLES.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Budget (USD)"
        type="number"
        value={form.budget}
        onChange={set('budget')}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
      />
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
      <Button type="submit" variant="contained" disabled={create.isPending || uploading}>
        {create.isPending ? 'Sending…' : 'Send Request'}
      </Button>
    </Stack>
  );
}
