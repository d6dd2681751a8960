import type { z } from 'zod';
import { TATTOO_STYLES, updateArtistInput } from '../../../server/domains/admin/inputs';
import { SEARCH_FIELDS } from '../../../server/domains/admin/rules';
import { trpc } from '../../trpc';
import { Flags } from '../components/Flags';
import type { AdminArtistRow } from '../types';
import { EditRecordDialog, type EditDialogProps } from './EditRecordDialog';
import { EntityManager } from './EntityManager';
import type { FieldSpec } from './FormFields';

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Artist name', kind: 'text', required: true },
  { name: 'displayName', label: 'Display name', kind: 'text', required: true },
  { name: 'city', label: 'City', kind: 'text' },
  { name: 'state', label: 'State', kind: 'text' },
  { name: 'boost', label: 'Boost', kind: 'number', min: 0, max: 100, hint: '0 to 100' },
  { name: 'endorsements', label: 'Endorsements', kind: 'number', min: 0, hint: '0 or more' },
  { name: 'bookingStyle', label: 'Booking style', kind: 'text' },
  { name: 'bio', label: 'Bio', kind: 'multiline' },
  { name: 'tattooStyles', label: 'Tattoo styles', kind: 'multi', options: TATTOO_STYLES },
  { name: 'isVerified', label: 'Verified', kind: 'switch' },
  { name: 'isFeatured', label: 'Featured', kind: 'switch' },
  { name: 'isActive', label: 'Active', kind: 'switch' },
  { name: 'isBookable', label: 'Bookable', kind: 'switch' },
  { name: 'showBanner', label: 'Show banner', kind: 'switch' },
  { name: 'deleted', label: 'Deleted', kind: 'switch' },
];

function ArtistDialog({ row, onClose, onSaved }: EditDialogProps<AdminArtistRow>) {
  const update = trpc.admin.artists.update.useMutation();
  const { id, name, displayName, bio, city, state, isVerified, isFeatured, boost, isActive, isBookable, bookingStyle, showBanner, deleted, endorsements } = row;
  const values: z.input<typeof updateArtistInput> = {
    ...{ id, name, displayName, bio, city, state, isVerified, isFeatured, boost, isActive, isBookable, bookingStyle, showBanner, deleted, endorsements },
    tattooStyles: row.tattooStyles as z.input<typeof updateArtistInput>['tattooStyles'],
  };
  return (
    <EditRecordDialog
      title={`Edit artist ${row.name}`}
      schema={updateArtistInput}
      fields={FIELDS}
      defaultValues={values}
      readOnly={[
        { label: 'User ID', value: row.userId },
        { label: 'Email', value: row.email },
      ]}
      failureMessage="Failed to update artist"
      audit={{ entityType: 'artist', entityId: row.id }}
      save={async (input) => {
        const saved = await update.mutateAsync(input as z.output<typeof updateArtistInput>);
        return { row: saved.artist, message: saved.message };
      }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** Artist Management (spec 2 §2, §3 Artist admin view). */
export default function ArtistsTab() {
  const utils = trpc.useUtils();
  return (
    <EntityManager<AdminArtistRow>
      title="Artist Management"
      noun="artists"
      placeholder="Search by name, display name, city, or user ID"
      loadRecent={() => utils.admin.artists.recent.fetch(undefined, { staleTime: 0 })}
      search={(query) => utils.admin.artists.search.fetch({ query }, { staleTime: 0 })}
      fields={SEARCH_FIELDS.artists}
      rowName={(a) => a.name}
      columns={[
        { label: 'Artist', render: (a) => `${a.name} (${a.displayName})` },
        { label: 'Location', render: (a) => [a.city, a.state].filter(Boolean).join(', ') || '—' },
        {
          label: 'Status',
          render: (a) => (
            <Flags flags={[['Verified', a.isVerified, 'success'], ['Featured', a.isFeatured, 'warning'], ['Active', a.isActive], ['Bookable', a.isBookable, 'info'], ['Deleted', a.deleted, 'error']]} />
          ),
        },
        { label: 'Boost', render: (a) => a.boost },
        { label: 'Endorsements', render: (a) => a.endorsements },
      ]}
      EditDialog={ArtistDialog}
    />
  );
}
