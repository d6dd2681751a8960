import UploadIcon from '@mui/icons-material/Upload';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { trpc } from '../../trpc';
import { UploadStatus } from '../images/UploadStatus';
import { uploadImage } from '../images/upload';
import { StudioBanner, type StudioBannerImage } from './StudioBanner';

/**
 * The manage page's banner card: the banner the studio page shows, a new one uploaded with its
 * progress (it replaces the shown one), or the shown one removed (the one before it shows again).
 */
export function StudioBannerEditor({ studio }: { studio: { id: string; name: string; banner: StudioBannerImage | null } }) {
  const utils = trpc.useUtils();
  const remove = trpc.image.delete.useMutation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => Promise.all([utils.studio.bySlug.invalidate(), utils.studio.byId.invalidate()]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await uploadImage(file, { accountType: 'shop', accountId: studio.id, imageType: 'banner' }, setProgress);
      await refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Upload failed');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const removeShown = async (url: string) => {
    setError(null);
    await remove.mutateAsync({ url }).catch((e: unknown) => setError(e instanceof Error ? e.message : 'Could not remove the banner'));
    await refresh();
  };

  return (
    <Card variant="outlined" component="section" aria-label="Banner">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
          Banner
        </Typography>
        <StudioBanner banner={studio.banner} name={studio.name} height={{ xs: 100, md: 160 }} />
        {!studio.banner && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            No banner yet: the studio page shows a band of colour.
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          JPEG, PNG, GIF or WebP up to 5 MB; a wide image (about 3:1) fits best.
        </Typography>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          hidden
          onChange={(e) => void upload(e.target.files?.[0])}
          aria-label="Banner image file"
        />
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button startIcon={<UploadIcon />} variant="outlined" onClick={() => input.current?.click()} disabled={progress !== null}>
            {studio.banner ? 'Replace banner' : 'Upload banner'}
          </Button>
          {studio.banner && (
            <Button color="error" onClick={() => studio.banner && void removeShown(studio.banner.url)} disabled={progress !== null || remove.isPending}>
              Remove banner
            </Button>
          )}
        </Stack>
        <UploadStatus progress={progress} error={error} label="Banner upload progress" />
      </CardContent>
    </Card>
  );
}
