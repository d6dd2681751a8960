import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { trpc } from '../../trpc';
import { formatDateTime } from '../components/format';
import { stackOnPhone } from '../../components/stackOnPhone';

const STATUS_COLOR = { running: 'info', succeeded: 'success', failed: 'error' } as const;

/** Every run of the four tools, from the console or the CLI: who, what, when and the counts. */
export function RunHistory() {
  const runs = trpc.admin.maintenance.runs.useQuery({ limit: 20 }, { refetchInterval: 10_000 });
  return (
    <section aria-labelledby="run-history-title">
      <Typography id="run-history-title" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
        Run history
      </Typography>
      {runs.isError && !runs.data && (
        <LoadFailed message="Failed to load the run history" onRetry={() => runs.refetch()} retrying={runs.isFetching} />
      )}
      {runs.data?.length === 0 && <Typography color="text.secondary">No runs yet.</Typography>}
      <TableContainer>
        <Table size="small" aria-label="Run history" sx={stackOnPhone}>
          <TableHead>
            <TableRow>
              <TableCell>Started</TableCell>
              <TableCell>Tool</TableCell>
              <TableCell>By</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Counts</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.data?.map((r) => (
              <TableRow key={r.id}>
                <TableCell data-label="Started">{formatDateTime(r.startedAt)}</TableCell>
                <TableCell data-label="Tool">
                  {r.tool}
                  {r.dryRun ? ' (dry run)' : ''}
                </TableCell>
                <TableCell data-label="By">
                  {r.source === 'cli' ? `CLI ${r.operator ?? ''}` : (r.actorName ?? r.actorEmail ?? 'console')}
                </TableCell>
                <TableCell data-label="Status">
                  <Chip label={r.status} size="small" color={STATUS_COLOR[r.status]} variant="outlined" />
                  {r.error ? ` ${r.error}` : ''}
                </TableCell>
                <TableCell data-label="Counts">
                  {Object.entries(r.counts)
                    .map(([k, v]) => `${k} ${v}`)
                    .join(', ')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
