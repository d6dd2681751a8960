import type { z } from 'zod';
import { PAYMENT_TYPE_VALUES, TATTOO_STYLES, updateStudioInput } from '../../../server/domains/admin/inputs';
import { SEARCH_FIELDS } from '../../../server/domains/admin/rules';
import { trpc } from '../../trpc';
import { Flags } from '../components/Flags';
import type { AdminStudioRow } from '../types';
import { EditRecordDialog, type EditDialogProps } from './EditRecordDialog';
import { EntityManager } from './EntityManager';
import type { FieldSpec } from './FormFields';

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Studio name', kind: 'text', required: true },
  { name: 'displayName', label: 'Display name', kind: 'text', required: true },
  { name: 'phone', label: 'Phone', kind: 'text' },
  { name: 'website', label: 'Website', kind: 'text' },
  { name: 'street', label: 'Street', kind: 'text' },
  { name: 'city', label: 'City', kind: 'text' },
  { name: 'state', label: 'State', kind: 'text' },
  { name: 'zipCode', label: 'ZIP code', kind: 'text' },
  { name: 'quality', label: 'Quality', kind: 'number', min: 0, max: 10, hint: '0 to 10' },
  { name: 'boost', label: 'Boost', kind: 'number', min: 0, max: 100, hint: '0 to 100' },
  { name: 'endorsements', label: 'Endorsements', kind: 'number', min: 0, hint: '0 or more' },
  { name: 'description', label: 'Description', kind: 'multiline' },
  { name: 'paymentTypes', label: 'Payment types', kind: 'multi', options: PAYMENT_TYPE_VALUES },
  { name: 'tattooStyles', label: 'Tattoo styles', kind: 'multi', options: TATTOO_STYLES },
  { name: 'isVerified', label: 'Verified', kind: 'switch' },
  { name: 'isFeatured', label: 'Featured', kind: 'switch' },
  { name: 'isActive', label: 'Active', kind: 'switch' },
  { name: 'isBookable', label: 'Bookable', kind: 'switch' },
  { name: 'deleted', label: 'Deleted', kind: 'switch' },
];

function StudioDialog({ row, onClose, onSaved }: EditDialogProps<AdminStudioRow>) {
  const update = trpc.admin.studios.update.useMutation();
  const { id, name, phone, website, description, street, city, state, zipCode, isVerified, isFeatured, boost, quality, endorsements, isActive, isBookable, deleted } = row;
  const values: z.input<typeof updateStudioInput> = {
    ...{ id, name, phone, website, description, street, city, state, zipCode, isVerified, isFeatured, boost, quality, endorsements, isActive, isBookable, deleted },
    displayName: row.displayName ?? '',
    paymentTypes: row.paymentTypes as z.input<typeof updateStudioInput>['paymentTypes'],
    tattooStyles: row.tattooStyles as z.input<typeof updateStudioInput>['tattooStyles'],
  };
  return (
    <EditRecordDialog
      title={`Edit studio ${row.name}`}
      schema={updateStudioInput}
      fields={FIELDS}
      defaultValues={values}
      readOnly={[
        { label: 'Studio ID', value: row.id },
        { label: 'Email', value: row.email ?? '—' },
      ]}
      failureMessage="Failed to update studio"
      audit={{ entityType: 'shop', entityId: row.id }}
      save={async (input) => {
        // The email is read-only in the dialog: it is sent back unchanged.
        const saved = await update.mutateAsync({ ...(input as z.output<typeof updateStudioInput>), email: row.email });
        return { row: saved.studio, message: saved.message };
      }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** Studio Management (spec 2 §2: columns Studio, Location, Status, Settings, Quality, Actions). */
export default function StudiosTab() {
  const utils = trpc.useUtils();
  return (
    <EntityManager<AdminStudioRow>
      title="Studio Management"
      noun="studios"
      placeholder="Search by name, city, email, or ID"
      loadRecent={() => utils.admin.studios.recent.fetch(undefined, { staleTime: 0 })}
      search={(query) => utils.admin.studios.search.fetch({ query }, { staleTime: 0 })}
      fields={SEARCH_FIELDS.studios}
      rowName={(s) => s.name}
      columns={[
        { label: 'Studio', render: (s) => `${s.name}${s.displayName ? ` (${s.displayName})` : ''}` },
        { label: 'Location', render: (s) => [s.city, s.state].filter(Boolean).join(', ') || '—' },
        { label: 'Status', render: (s) => <Flags flags={[['Active', s.isActive, 'success'], ['Inactive', !s.isActive], ['Deleted', s.deleted, 'error']]} /> },
        {
          label: 'Settings',
          render: (s) => <Flags flags={[['Verified', s.isVerified, 'success'], ['Featured', s.isFeatured, 'warning'], ['Bookable', s.isBookable, 'info'], [`Boost ${s.boost}`, s.boost > 0]]} />,
        },
        { label: 'Quality', render: (s) => s.quality },
      ]}
      EditDialog={StudioDialog}
    />
  );
}
