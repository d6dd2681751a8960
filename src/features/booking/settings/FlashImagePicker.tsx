import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { trpc } from '../../../trpc';
import { useMe } from '../../auth/useAuth';

/** Picks which of my flash images a flash service shows clients on the booking page. */
export function FlashImagePicker(props: { value: string; onChange(imageId: string): void }) {
  const { me } = useMe();
  const list = trpc.image.list.useInfiniteQuery(
    { accountId: me?.id ?? '', imageType: 'flash' },
    { enabled: Boolean(me), getNextPageParam: (p) => p.nextCursor },
  );
  const flash = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <TextField
      select
      label="Flash image"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      helperText={flash.length ? 'Clients see it next to the price' : 'Upload flash on your artist profile to show it here'}
    >
      <MenuItem value="">No image</MenuItem>
      {flash.map((image, i) => (
        <MenuItem key={image.id} value={image.id}>
          <img src={image.url} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4, marginRight: 8 }} />
          Flash image {i + 1}
        </MenuItem>
      ))}
    </TextField>
  );
}
