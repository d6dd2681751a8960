import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AUDIT_ENTITY_TYPES } from '../../../server/domains/admin/inputs';
import { LoadFailed } from '../../components/LoadFailed';
import { trpc } from '../../trpc';
import { formatDateTime } from './format';

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The record's change history in its edit dialog: who, when, and each field before → after. */
export function AuditHistory({ entityType, entityId }: { entityType: (typeof AUDIT_ENTITY_TYPES)[number]; entityId: string }) {
  const history = trpc.admin.audit.useQuery({ entityType, entityId });
  return (
    <Box component="section" aria-label="Change history" sx={{ mt: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        Change history
      </Typography>
      {history.data?.length === 0 && <Typography color="text.secondary">No admin changes yet.</Typography>}
      {history.isError && (
        <LoadFailed message="Failed to load the change history" onRetry={() => history.refetch()} retrying={history.isFetching} />
      )}
      <Box component="ol" sx={{ pl: 2, m: 0, maxHeight: 220, overflow: 'auto' }}>
        {history.data?.map((entry) => (
          <li key={entry.id}>
            <Typography variant="body2">
              {formatDateTime(entry.createdAt)} · {entry.actorName ?? entry.actorEmail ?? 'automated'} · {entry.action}
            </Typography>
            <Box component="ul" sx={{ pl: 2, m: 0 }}>
              {Object.keys(entry.after ?? {}).map((field) => (
                <li key={field}>
                  <Typography variant="body2" color="text.secondary">
                    {field}: {show(entry.before?.[field])} → {show(entry.after?.[field])}
                  </Typography>
                </li>
              ))}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}
