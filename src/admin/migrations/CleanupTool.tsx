import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import {
  type CleanupMode,
  DELETION_BOUNDS,
  type DeletionSettings,
  isModeEnabled,
  modeButtonLabel,
  shownModes,
  UI_DELETION_DEFAULTS,
} from '../../../server/domains/maintenance/rules';
import { trpc } from '../../trpc';
import type { CleanupRunResult } from '../types';
import { CleanupResults } from './CleanupResults';
import { LogPanel } from './LogPanel';
import { useRun } from './useRun';

const SWITCHES: Array<[keyof DeletionSettings, string]> = [
  ['enableSoftDelete', 'Enable Soft Delete (Phase 1)'],
  ['enableHardDelete', 'Enable Hard Delete (Phase 2)'],
  ['dryRun', 'Dry Run Mode (Preview Only)'],
  ['requireInactive', 'Require isActive = false'],
  ['protectFeaturedSoft', 'Protect Featured Shops (Soft Delete)'],
  ['protectFeaturedHard', 'Protect Featured Shops (Hard Delete)'],
  ['checkActiveArtists', 'Protect Shops with Active Artists'],
];

const NUMBERS: Array<[keyof typeof DELETION_BOUNDS, string, string?]> = [
  ['monthsInactive', 'Months Since Last Update'],
  ['maxQuality', 'Maximum Quality Score'],
  ['daysSinceSoftDelete', 'Days Since Soft Delete', '0 means delete immediately'],
];

/** Inactive Shops Deletion (spec 2 §2): the configuration card, the four buttons, results and log. */
export function CleanupTool() {
  const [settings, setSettings] = useState<DeletionSettings>(UI_DELETION_DEFAULTS);
  const cleanup = trpc.admin.maintenance.runCleanup.useMutation();
  const start = useCallback((runId: string, mode: CleanupMode) => cleanup.mutateAsync({ mode, settings, runId }), [cleanup, settings]);
  const { state, logs, run, busy } = useRun<CleanupRunResult, CleanupMode>(start);

  return (
    <Card variant="outlined" component="section" aria-labelledby="cleanup-title">
      <CardContent>
        <Typography id="cleanup-title" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
          Inactive Shops Deletion
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Phase 1 soft deletes live shops that have been inactive too long; phase 2 permanently removes shops soft deleted long enough ago.
        </Typography>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
            Configuration
          </Typography>
          <FormGroup row sx={{ columnGap: 2 }}>
            {SWITCHES.map(([key, label]) => (
              <FormControlLabel
                key={key}
                label={label}
                control={<Switch checked={Boolean(settings[key])} onChange={(_e, checked) => setSettings({ ...settings, [key]: checked })} disabled={busy} />}
              />
            ))}
          </FormGroup>
          {/* One column on a phone, three equal columns from md; each field as wide as its cell, so its label reads in full. */}
          <Box sx={{ display: 'grid', gap: 2, my: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
            {NUMBERS.map(([key, label, hint]) => (
              <TextField
                key={key}
                label={label}
                type="number"
                value={Number.isNaN(settings[key]) ? '' : settings[key]}
                onChange={(e) => setSettings({ ...settings, [key]: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                // The bounds are only input hints (spec 2 §2).
                slotProps={{ htmlInput: { min: DELETION_BOUNDS[key].min, max: DELETION_BOUNDS[key].max, step: 1 } }}
                helperText={hint ?? `${DELETION_BOUNDS[key].min}-${DELETION_BOUNDS[key].max}`}
                disabled={busy}
                fullWidth
              />
            ))}
          </Box>
        </Box>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {shownModes(settings.dryRun).map((m) => (
            <Button
              key={m}
              variant={m === 'preview' ? 'contained' : 'outlined'}
              color={m === 'preview' || settings.dryRun ? 'primary' : 'error'}
              disabled={busy || !isModeEnabled(m, settings)}
              onClick={() => void run(m)}
            >
              {modeButtonLabel(m, settings.dryRun)}
            </Button>
          ))}
        </Stack>
        {busy && (
          <Typography sx={{ mt: 2 }} role="status">
            Running…
          </Typography>
        )}
        {state.status === 'done' && (
          <Box sx={{ mt: 3 }}>
            <CleanupResults result={state.result} />
          </Box>
        )}
        <LogPanel lines={logs} maxHeight={400} label="Inactive Shops Deletion log" />
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
      </CardContent>
    </Card>
  );
}
