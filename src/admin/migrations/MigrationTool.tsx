import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { MigrationTool as Tool } from '../../../server/domains/maintenance/rules';
import { trpc } from '../../trpc';
import type { MigrationRunResult } from '../types';
import { LogPanel } from './LogPanel';
import { useRun } from './useRun';

/**
 * One data-migration screen (spec 2 §2): what it does, its run button (disabled while running), the
 * result line (a warning when anything failed), an error alert and the log panel.
 */
export function MigrationTool({ tool, title, buttonLabel, children }: { tool: Tool; title: string; buttonLabel: string; children?: ReactNode }) {
  const migrate = trpc.admin.maintenance.runMigration.useMutation();
  const { state, logs, run, busy } = useRun<MigrationRunResult>((runId) => migrate.mutateAsync({ tool, runId }));
  const headingId = `migration-${tool}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
          {title}
        </Typography>
        {children}
        <Button variant="contained" onClick={() => void run()} disabled={busy} sx={{ mt: 1 }}>
          {busy ? 'Running Migration...' : buttonLabel}
        </Button>
        {state.status === 'done' && (
          <Alert severity={state.result.errors > 0 ? 'warning' : 'success'} sx={{ mt: 2 }}>
            {state.result.message}
          </Alert>
        )}
        {state.status === 'done' && state.result.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {state.result.error}
          </Alert>
        )}
        {state.status === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {state.error}
          </Alert>
        )}
        <LogPanel lines={logs} maxHeight={300} label={`${title} log`} />
      </CardContent>
    </Card>
  );
}
