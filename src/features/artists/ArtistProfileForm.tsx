import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { saveArtistProfileInput } from '../../../server/domains/artists/inputs';
import { TATTOO_STYLES } from '../../../server/domains/studios/rules';
import { ButtonLink, artistPath } from '../../components/links';
import { PageSpinner } from '../../components/PageSpinner';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { useSavedNotice } from '../../components/forms/useSavedNotice';
import { type Me, useMe } from '../auth/useAuth';
import { AccountGallery } from '../images/AccountGallery';
import { FormTextField } from '../../components/forms/FormTextField';

type Form = z.input<typeof saveArtistProfileInput>;

/** Account → Artist Profile: the public artist page's details, and the portfolio and flash galleries. */
export default function ArtistProfileForm() {
  const { me } = useMe();
  const mine = trpc.artist.mine.useQuery();
  if (!me) return null;
  // The form is drawn once the saved profile is here, from it: no field is filled after it was drawn.
  if (mine.isLoading) return <PageSpinner />;
  const p = mine.data;
  const initial: Form = {
    name: p?.name ?? `${me.firstName} ${me.lastName}`.trim(),
    urlSlug:
      p?.urlSlug ??
      me.displayName
        .slice(1)
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, '-'),
    bio: p?.bio ?? me.bio ?? '',
    city: p?.city ?? me.city ?? '',
    state: p?.state ?? me.state ?? '',
    tattooStyles: (p?.tattooStyles ?? []) as Form['tattooStyles'],
    socials: {
      website: p?.socials.website ?? '',
      instagram: p?.socials.instagram ?? '',
      facebook: p?.socials.facebook ?? '',
      tiktok: p?.socials.tiktok ?? '',
    },
  };
  return <ArtistProfileFields me={me} publicPath={p ? artistPath(p) : undefined} initial={initial} />;
}

function ArtistProfileFields({ me, publicPath, initial }: { me: Me; publicPath: string | undefined; initial: Form }) {
  const utils = trpc.useUtils();
  const save = trpc.artist.saveMine.useMutation({ onSuccess: () => Promise.all([utils.artist.invalidate(), utils.auth.me.invalidate()]) });
  const saved = useSavedNotice();
  const form = useForm<Form, unknown, z.output<typeof saveArtistProfileInput>>({
    resolver: zodResolver(saveArtistProfileInput),
    defaultValues: initial,
  });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (await save.mutateAsync(values).catch(() => null)) saved.show();
  });
  return (
    <Stack spacing={4} sx={{ maxWidth: 900 }}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
            Artist profile
          </Typography>
          {publicPath && (
            <ButtonLink to={publicPath} variant="outlined" size="small">
              View public profile
            </ButtonLink>
          )}
        </Stack>
        <Stack spacing={2}>
          {saved.shown && <Alert severity="success">Artist profile saved</Alert>}
          {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField control={form.control} name="name" label="Artist Name" fullWidth />
            <FormTextField control={form.control} name="urlSlug" label="Profile URL" fullWidth helperText="inklink/artist/…" />
          </Stack>
          <FormTextField control={form.control} name="bio" label="Bio" multiline minRows={3} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField control={form.control} name="city" label="City" fullWidth />
            <FormTextField control={form.control} name="state" label="State" fullWidth />
          </Stack>
          <Controller
            control={form.control}
            name="tattooStyles"
            render={({ field }) => (
              <Box role="group" aria-label="Tattoo styles" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {TATTOO_STYLES.map((style) => {
                  const selected = (field.value ?? []).includes(style);
                  return (
                    <Chip
                      key={style}
                      label={style}
                      clickable
                      aria-pressed={selected}
                      color={selected ? 'primary' : 'default'}
                      variant={selected ? 'filled' : 'outlined'}
                      onClick={() =>
                        field.onChange(selected ? (field.value ?? []).filter((s) => s !== style) : [...(field.value ?? []), style])
                      }
                    />
                  );
                })}
              </Box>
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField control={form.control} name="socials.instagram" label="Instagram" fullWidth />
            <FormTextField control={form.control} name="socials.website" label="Website" fullWidth />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Artist Profile'}
            </Button>
          </Box>
        </Stack>
      </Box>
      <AccountGallery title="Portfolio" accountType="user" accountId={me.id} imageType="portfolio" canEdit />
      <AccountGallery title="Flash" accountType="user" accountId={me.id} imageType="flash" canEdit />
    </Stack>
  );
}
