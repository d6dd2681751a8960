import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { PageSpinner } from '../../../components/PageSpinner';
import { trpc } from '../../../trpc';
import { BookingPolicyForm } from './BookingPolicyForm';
import { ServicesSettings } from './ServicesSettings';
import { TimeOffSettings } from './TimeOffSettings';
import { WorkingHoursSettings } from './WorkingHoursSettings';

/** /account/booking: the artist's books, policies, hours per studio, time off and services. */
export default function BookingSettingsSection() {
  const settings = trpc.booking.settings.useQuery(undefined, { retry: false });
  if (settings.isLoading) return <PageSpinner />;
  if (!settings.data) return <Alert severity="info">{settings.error?.message ?? 'Booking settings are not available'}</Alert>;
  return (
    <Stack spacing={4}>
      <BookingPolicyForm settings={settings.data} />
      <WorkingHoursSettings studios={settings.data.workingHours} />
      <TimeOffSettings timeOff={settings.data.timeOff} />
      <ServicesSettings services={settings.data.services} />
    </Stack>
  );
}
