import { zodResolver } from '@hookform/resolvers/zod';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MAX_PRODUCT_PHOTOS, PRODUCT_PHOTO_LIMIT_MESSAGE, productPhotoAltInput } from '../../../../server/domains/products/inputs';
import { errorText } from '../../../components/forms/errorText';
import { FormTextField } from '../../../components/forms/FormTextField';
import { trpc } from '../../../trpc';
import { uploadProductPhoto } from '../../images/upload';
import { UploadStatus } from '../../images/UploadStatus';
import type { ProductPhoto } from '../types';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/heic,image/heif';

/** A button that opens a file picker; the hidden input carries the same name, for tests and assistive tools. */
function FilePicker({ label, multiple, onFiles, ...button }: ButtonProps & { label: string; multiple?: boolean; onFiles(files: File[]): void }) {
  const input = useRef<HTMLInputElement>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    onFiles(Array.from(event.target.files ?? []));
    event.target.value = '';
  };
  return (
    <>
      <input ref={input} type="file" accept={ACCEPT} multiple={multiple} hidden disabled={button.disabled} aria-label={label} onChange={pick} />
      <Button {...button} onClick={() => input.current?.click()} />
    </>
  );
}

const altSchema = productPhotoAltInput.pick({ altText: true });

/** One photo: its thumbnail, its alt text (saved with its own button) and the buttons that move, replace and delete it. */
function PhotoRow({
  photo,
  index,
  count,
  busy,
  onMove,
  onReplace,
  onDelete,
  onSaved,
}: {
  photo: ProductPhoto;
  index: number;
  count: number;
  busy: boolean;
  onMove(offset: -1 | 1): void;
  onReplace(file: File): void;
  onDelete(): void;
  onSaved(photos: ProductPhoto[]): void;
}) {
  const n = index + 1;
  const form = useForm({ resolver: zodResolver(altSchema), defaultValues: { altText: photo.altText } });
  const save = trpc.product.updatePhotoAlt.useMutation({
    onSuccess: (photos) => {
      form.reset({ altText: photos.find((p) => p.id === photo.id)?.altText ?? photo.altText });
      onSaved(photos);
    },
  });
  return (
    <Box
      component="li"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '96px 1fr' }, alignItems: 'start', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box component="img" src={photo.url} srcSet={photo.srcSet ?? undefined} sizes="96px" alt={photo.altText} sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }} />
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <FormTextField control={form.control} name="altText" label={`Alt text for photo ${n}`} size="small" required sx={{ flex: '1 1 220px' }} />
          <Button
            variant="outlined"
            disabled={!form.formState.isDirty}
            loading={save.isPending}
            onClick={form.handleSubmit(({ altText }) => save.mutate({ photoId: photo.id, altText }))}
          >
            Save alt text
          </Button>
        </Stack>
        {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            Photo {n} of {count}
            {index === 0 ? ' (cover)' : ''}
          </Typography>
          <Tooltip title="Move earlier">
            <span>
              <IconButton aria-label={`Move photo ${n} earlier`} disabled={busy || index === 0} onClick={() => onMove(-1)}>
                <ArrowUpwardIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Move later">
            <span>
              <IconButton aria-label={`Move photo ${n} later`} disabled={busy || index === count - 1} onClick={() => onMove(1)}>
                <ArrowDownwardIcon />
              </IconButton>
            </span>
          </Tooltip>
          <FilePicker label={`Replace photo ${n}`} aria-label={`Replace photo ${n}`} size="small" startIcon={<SwapHorizIcon />} disabled={busy} onFiles={([file]) => file && onReplace(file)}>
            Replace
          </FilePicker>
          <Button size="small" color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={onDelete} aria-label={`Delete photo ${n}`}>
            Delete
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * A product's photos in the product form: upload several at once (through the same pipeline as
 * portfolios), put them in order, describe each (alt text), replace or delete one. Each change
 * is saved at once and answered with the photos as they now are; the first is the cover.
 */
export function ProductPhotos({ productId, initial }: { productId: string; initial: ProductPhoto[] }) {
  const utils = trpc.useUtils();
  const [photos, setPhotos] = useState(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const changed = (next: ProductPhoto[]) => {
    setPhotos(next);
    void utils.product.invalidate();
  };
  const onError = (e: unknown) => setError(errorText(e));
  const reorder = trpc.product.reorderPhotos.useMutation({ onSuccess: changed, onError });
  const remove = trpc.product.deletePhoto.useMutation({ onSuccess: changed, onError });
  const busy = progress !== null || reorder.isPending || remove.isPending;

  /** Uploads one at a time, each answered with the whole list; a refused file says why and the rest go on. */
  const upload = async (files: File[], replacesPhotoId?: string) => {
    setError(null);
    const room = replacesPhotoId ? 1 : MAX_PRODUCT_PHOTOS - photos.length;
    const errors: string[] = files.length > room ? [PRODUCT_PHOTO_LIMIT_MESSAGE] : [];
    for (const file of files.slice(0, Math.max(0, room))) {
      setProgress(0);
      try {
        changed(await uploadProductPhoto(productId, file, { replacesPhotoId }, setProgress));
      } catch (e) {
        errors.push(`${file.name}: ${e instanceof Error ? e.message : 'Upload failed'}`);
      }
    }
    setProgress(null);
    if (errors.length > 0) setError(errors.join(' · '));
  };

  const move = (index: number, offset: -1 | 1) => {
    const ids = photos.map((p) => p.id);
    [ids[index], ids[index + offset]] = [ids[index + offset], ids[index]];
    reorder.mutate({ productId, photoIds: ids });
  };

  const full = photos.length >= MAX_PRODUCT_PHOTOS;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {photos.length} of {MAX_PRODUCT_PHOTOS} photos. JPEG, PNG, GIF, WebP or HEIC, up to 5 MB each; the first is the cover.
      </Typography>
      {photos.length > 0 && (
        <Box component="ol" aria-label="Product photos" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {photos.map((photo, index) => (
            <PhotoRow
              key={photo.id}
              photo={photo}
              index={index}
              count={photos.length}
              busy={busy}
              onMove={(offset) => move(index, offset)}
              onReplace={(file) => void upload([file], photo.id)}
              onDelete={() => remove.mutate({ photoId: photo.id })}
              onSaved={changed}
            />
          ))}
        </Box>
      )}
      <div>
        <FilePicker label="Add photos" multiple variant="outlined" startIcon={<UploadIcon />} disabled={busy || full} onFiles={(files) => void upload(files)}>
          Add photos
        </FilePicker>
      </div>
      {full && <Typography color="text.secondary">{PRODUCT_PHOTO_LIMIT_MESSAGE}.</Typography>}
      <UploadStatus progress={progress} error={error} label="Photo upload progress" />
    </Stack>
  );
}
