import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { GalleryCarousel } from './GalleryCarousel';
import { type UploadTarget, uploadImage } from './upload';
import { UploadStatus } from './UploadStatus';

export type GalleryLayout = 'grid' | 'carousel';
export type GalleryImage = { id: string; url: string; width: number | null; height: number | null };

type Props = {
  title: string;
  images: GalleryImage[];
  loading?: boolean;
  /** Present when the viewer may add and delete images here. */
  upload?: UploadTarget & { onChanged(): void; onDelete(url: string): Promise<unknown> };
  hasMore?: boolean;
  onMore?(): void;
  /** A grid of tiles (the default) or one image at a time (a studio's useCarousel). */
  layout?: GalleryLayout;
};

const LOADING_TILES = ['a', 'b', 'c', 'd'];

/** A gallery with drag-and-drop upload (progress bar), a lightbox, and delete for owners. */
export function Gallery({ title, images, loading, upload, hasMore, onMore, layout = 'grid' }: Props) {
  const [open, setOpen] = useState<GalleryImage | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const send = async (files: FileList | null) => {
    if (!upload || !files?.length) return;
    setError(null);
    for (const file of Array.from(files)) {
      setProgress(0);
      try {
        await uploadImage(file, upload, setProgress);
      } catch (e) {
        setError(`${file.name}: ${e instanceof Error ? e.message : 'Upload failed'}`);
      }
    }
    setProgress(null);
    upload.onChanged();
  };

  /** One image filling its box: opens the lightbox; owners also get Delete. */
  const tile = (image: GalleryImage, index: number, fit: 'cover' | 'contain') => (
    <Box key={image.id} sx={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', borderRadius: 1 }}>
      <Box
        component="button"
        type="button"
        onClick={() => setOpen(image)}
        aria-label={`Open image ${index + 1} of ${title}`}
        sx={{ p: 0, border: 0, width: '100%', height: '100%', cursor: 'zoom-in', background: 'none' }}
      >
        <Box
          component="img"
          src={image.url}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: fit, display: 'block' }}
        />
      </Box>
      {upload && (
        <IconButton
          size="small"
          aria-label={`Delete image ${index + 1}`}
          onClick={async () => {
            await upload.onDelete(image.url);
            upload.onChanged();
          }}
          sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );

  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        {title}
      </Typography>
      {upload && (
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void send(e.dataTransfer.files);
          }}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 2,
            p: 2,
            mb: 2,
            textAlign: 'center',
          }}
        >
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Drop JPEG, PNG, GIF or WebP images here (up to 5 MB each)
          </Typography>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            multiple
            hidden
            onChange={(e) => void send(e.target.files)}
            aria-label={`Upload to ${title}`}
          />
          <Button startIcon={<UploadIcon />} variant="outlined" onClick={() => input.current?.click()} disabled={progress !== null}>
            Upload images
          </Button>
          <UploadStatus progress={progress} error={error} label="Upload progress" />
        </Box>
      )}
      {!loading && images.length === 0 && <Typography color="text.secondary">No images yet.</Typography>}
      {layout === 'carousel' ? (
        <>
          {loading && <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />}
          {images.length > 0 && (
            <GalleryCarousel
              title={title}
              count={images.length}
              renderSlide={(index) => tile(images[index], index, 'contain')}
              hasMore={hasMore}
              onMore={onMore}
            />
          )}
        </>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}>
            {/* A row of placeholders holds the space the first images will take. */}
            {loading && LOADING_TILES.map((key) => <Skeleton key={key} variant="rounded" sx={{ aspectRatio: '1', height: 'auto' }} />)}
            {images.map((image, index) => (
              <Box key={image.id} sx={{ aspectRatio: '1' }}>
                {tile(image, index, 'cover')}
              </Box>
            ))}
          </Box>
          {hasMore && (
            <Button onClick={onMore} sx={{ mt: 1 }}>
              Show more
            </Button>
          )}
        </>
      )}
      <Dialog open={Boolean(open)} onClose={() => setOpen(null)} maxWidth="lg" aria-label={`${title} image`}>
        {open && (
          <Box sx={{ position: 'relative', bgcolor: 'black' }}>
            <IconButton aria-label="Close" onClick={() => setOpen(null)} sx={{ position: 'absolute', top: 8, right: 8, color: 'white' }}>
              <CloseIcon />
            </IconButton>
            <Box component="img" src={open.url} alt={`${title} image`} sx={{ display: 'block', maxWidth: '90vw', maxHeight: '85vh' }} />
          </Box>
        )}
      </Dialog>
    </Box>
  );
}
