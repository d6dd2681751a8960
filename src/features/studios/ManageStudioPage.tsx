import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ButtonLink, studioPath } from '../../components/links';
import { useTrpcUtils } from '../../useTrpcUtils';
import { StudioBannerEditor } from './StudioBannerEditor';
import { StudioDetailsForm } from './StudioDetailsForm';
import { StudioMembers } from './StudioMembers';
import { type StudioHandle, studioQuery } from './studioQuery';

/** What /studio/{slug}/manage shows when the studio cannot be loaded (its route's error). */
export function ManageStudioNotFound() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Studio not found</Typography>
    </Container>
  );
}

/** /studio/{slug}/manage: only the owner or an active member with manage (checked on the server too). */
export function ManageStudioPage({ studioHandle }: { studioHandle: StudioHandle }) {
  const { data: studio } = useSuspenseQuery(studioQuery(useTrpcUtils(), studioHandle));
  if (!studio.canManage) {
    return (
      <Container sx={{ py: 6 }}>
        <Typography variant="h1" gutterBottom>
          Access denied
        </Typography>
        <Alert severity="error" sx={{ mb: 2 }}>
          Only the studio owner or its managers can manage {studio.name}.
        </Alert>
        <ButtonLink to={studioPath(studio)} variant="outlined">
          Back to the studio
        </ButtonLink>
      </Container>
    );
  }
  return (
    <Container sx={{ py: 5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 3 }}
      >
        <Typography variant="h1" sx={{ fontSize: '2rem' }}>
          Manage {studio.name}
        </Typography>
        <ButtonLink to={studioPath(studio)} variant="outlined">
          View studio page
        </ButtonLink>
      </Stack>
      <Stack spacing={4}>
        <StudioDetailsForm studio={studio} />
        <StudioBannerEditor studio={studio} />
        <StudioMembers studioId={studio.id} />
      </Stack>
    </Container>
  );
}
