import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { z } from 'zod';
import { ADMIN_USER_TYPES, updateUserInput } from '../../../server/domains/admin/inputs';
import { SEARCH_FIELDS } from '../../../server/domains/admin/rules';
import { trpc } from '../../trpc';
import { Flags } from '../components/Flags';
import { formatDate } from '../components/format';
import type { AdminUserRow } from '../types';
import { EditRecordDialog, type EditDialogProps } from './EditRecordDialog';
import { EntityManager } from './EntityManager';
import type { FieldSpec } from './FormFields';

const FIELDS: FieldSpec[] = [
  { name: 'displayName', label: 'Display name', kind: 'text', required: true },
  { name: 'firstName', label: 'First name', kind: 'text' },
  { name: 'lastName', label: 'Last name', kind: 'text' },
  { name: 'phone', label: 'Phone', kind: 'text' },
  { name: 'city', label: 'City', kind: 'text' },
  { name: 'state', label: 'State', kind: 'text' },
  { name: 'bio', label: 'Bio', kind: 'multiline' },
  { name: 'userTypes', label: 'User types', kind: 'multi', options: ADMIN_USER_TYPES },
  { name: 'deleted', label: 'Deleted', kind: 'switch' },
];

function UserDialog({ row, onClose, onSaved }: EditDialogProps<AdminUserRow>) {
  const update = trpc.admin.users.update.useMutation();
  const values: z.input<typeof updateUserInput> = {
    id: row.id,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    city: row.city,
    state: row.state,
    bio: row.bio,
    userTypes: row.userTypes as z.input<typeof updateUserInput>['userTypes'],
    deleted: row.deleted,
  };
  return (
    <EditRecordDialog
      title={`Edit user ${row.displayName}`}
      schema={updateUserInput}
      fields={FIELDS}
      defaultValues={values}
      readOnly={[
        { label: 'User ID', value: row.id },
        { label: 'Email', value: row.email },
      ]}
      failureMessage="Failed to update user"
      audit={{ entityType: 'user', entityId: row.id }}
      save={async (input) => {
        const saved = await update.mutateAsync(input as z.output<typeof updateUserInput>);
        return { row: saved.user, message: saved.message };
      }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** User Management (spec 2 §2, §3 User admin view). */
export default function UsersTab() {
  const utils = trpc.useUtils();
  return (
    <EntityManager<AdminUserRow>
      title="User Management"
      noun="users"
      placeholder="Search by email, display name, first or last name"
      loadRecent={() => utils.admin.users.recent.fetch(undefined, { staleTime: 0 })}
      search={(query) => utils.admin.users.search.fetch({ query }, { staleTime: 0 })}
      fields={SEARCH_FIELDS.users}
      rowName={(u) => u.displayName}
      columns={[
        { label: 'User', render: (u) => `${u.displayName} (${u.firstName} ${u.lastName})` },
        { label: 'Email', render: (u) => u.email },
        {
          label: 'User Types',
          render: (u) => (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {u.userTypes.map((t) => (
                <Chip key={t} label={t} size="small" color={t === 'AppAdmin' ? 'warning' : 'default'} />
              ))}
            </Stack>
          ),
        },
        { label: 'Status', render: (u) => <Flags flags={[['Deleted', u.deleted, 'error'], ['Disabled', u.disabled, 'warning'], ['Storefront', u.hasStorefront, 'info']]} /> },
        { label: 'Studios', render: (u) => u.studios },
        { label: 'Created', render: (u) => formatDate(u.createdAt) },
      ]}
      EditDialog={UserDialog}
    />
  );
}
