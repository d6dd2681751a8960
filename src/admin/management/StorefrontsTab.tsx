import type { z } from 'zod';
import { updateStorefrontInput } from '../../../server/domains/admin/inputs';
import { SEARCH_FIELDS } from '../../../server/domains/admin/rules';
import { trpc } from '../../trpc';
import { Flags } from '../components/Flags';
import { formatDate } from '../components/format';
import type { AdminStorefrontRow } from '../types';
import { EditRecordDialog, type EditDialogProps } from './EditRecordDialog';
import { EntityManager } from './EntityManager';
import type { FieldSpec } from './FormFields';

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Storefront name', kind: 'text', required: true },
  { name: 'boost', label: 'Boost', kind: 'number', min: 0, max: 100, hint: '0 to 100' },
  { name: 'description', label: 'Description', kind: 'multiline' },
  { name: 'isActive', label: 'Active', kind: 'switch' },
  { name: 'verified', label: 'Verified', kind: 'switch' },
  { name: 'featured', label: 'Featured', kind: 'switch' },
];

function StorefrontDialog({ row, onClose, onSaved }: EditDialogProps<AdminStorefrontRow>) {
  const update = trpc.admin.storefronts.update.useMutation();
  const { id, name, description, isActive, verified, featured, boost } = row;
  const values: z.input<typeof updateStorefrontInput> = { id, name, description, isActive, verified, featured, boost };
  return (
    <EditRecordDialog
      title={`Edit storefront ${row.name}`}
      schema={updateStorefrontInput}
      fields={FIELDS}
      defaultValues={values}
      readOnly={[
        { label: 'Storefront ID', value: row.id },
        { label: 'Owner ID', value: `${row.ownerId} (${row.ownerType})` },
      ]}
      failureMessage="Failed to update storefront"
      audit={{ entityType: 'storefront', entityId: row.id }}
      save={async (input) => {
        const saved = await update.mutateAsync(input as z.output<typeof updateStorefrontInput>);
        return { row: saved.storefront, message: saved.message };
      }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** Storefront Management (spec 2 §2: columns Storefront, Owner, Status, Admin Settings, Created, Actions). */
export default function StorefrontsTab() {
  const utils = trpc.useUtils();
  return (
    <EntityManager<AdminStorefrontRow>
      title="Storefront Management"
      noun="storefronts"
      placeholder="Search by name or description"
      loadRecent={() => utils.admin.storefronts.recent.fetch(undefined, { staleTime: 0 })}
      search={(query) => utils.admin.storefronts.search.fetch({ query }, { staleTime: 0 })}
      fields={SEARCH_FIELDS.storefronts}
      rowName={(s) => s.name}
      columns={[
        { label: 'Storefront', render: (s) => s.name },
        { label: 'Owner', render: (s) => s.ownerName ?? s.ownerId },
        { label: 'Status', render: (s) => <Flags flags={[['Active', s.isActive, 'success'], ['Inactive', !s.isActive], ['Deleted', s.deleted, 'error']]} /> },
        { label: 'Admin Settings', render: (s) => <Flags flags={[['Verified', s.verified, 'success'], ['Featured', s.featured, 'warning'], [`Boost ${s.boost}`, s.boost > 0]]} /> },
        { label: 'Created', render: (s) => formatDate(s.createdAt) },
      ]}
      EditDialog={StorefrontDialog}
    />
  );
}
