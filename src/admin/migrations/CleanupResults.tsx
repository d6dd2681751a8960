import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { analysisChips, type DeletionAnalysis, tileLabels } from '../../../server/domains/maintenance/rules';
import { StatTile, TileRow } from '../components/StatTile';
import type { CleanupRunResult } from '../types';

type TableKind = 'soft' | 'hard' | 'protected';

const TABLES: Array<{ kind: TableKind; title: string; columns: string[] }> = [
  { kind: 'soft', title: 'Shops to Soft Delete', columns: ['Name', 'Quality', 'Months inactive', 'Status', 'Reasons'] },
  { kind: 'hard', title: 'Shops to Hard Delete', columns: ['Name', 'Quality', 'Days since soft delete', 'Status', 'Reasons'] },
  { kind: 'protected', title: 'Protected Shops', columns: ['Name', 'Quality', 'Status', 'Protection reasons'] },
];

const inTable = (record: DeletionAnalysis, kind: TableKind) =>
  kind === 'soft' ? record.shouldSoftDelete : kind === 'hard' ? record.shouldHardDelete : !record.shouldSoftDelete && !record.shouldHardDelete;

function cells(record: DeletionAnalysis, kind: TableKind): string[] {
  if (kind === 'soft') return [record.name, String(record.quality), record.monthsSinceUpdate === null ? 'never updated' : String(record.monthsSinceUpdate)];
  if (kind === 'hard') return [record.name, String(record.quality), record.daysSinceSoftDelete === null ? 'N/A' : String(record.daysSinceSoftDelete)];
  return [record.name, String(record.quality)];
}

/** The cleanup's result (spec 2 §2): summary tiles and the three expandable tables with chips and reasons. */
export function CleanupResults({ result }: { result: CleanupRunResult }) {
  const labels = tileLabels(result.dryRun);
  const totals = { soft: result.analysisTotals.soft, hard: result.analysisTotals.hard, protected: result.analysisTotals.protected };
  return (
    <>
      <TileRow label="Cleanup results">
        <StatTile label={labels.analyzed} value={result.analyzed} />
        <StatTile label={labels.softDeleted} value={result.softDeleted} tone="warning" />
        <StatTile label={labels.hardDeleted} value={result.hardDeleted} tone="error" />
        <StatTile label={labels.protected} value={result.protected} tone="success" />
        <StatTile label={labels.failed} value={result.failed} tone={result.failed > 0 ? 'error' : undefined} />
      </TileRow>
      {TABLES.map(({ kind, title, columns }) => {
        const rows = result.analysis.filter((record) => inTable(record, kind));
        return (
          <Accordion key={kind} disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography>
                {title} ({totals[kind]}
                {totals[kind] > rows.length ? `, first ${rows.length} shown` : ''})
              </Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    {columns.map((column) => (
                      <TableCell key={column}>{column}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((record) => (
                    <TableRow key={`${kind}-${record.id}`}>
                      {cells(record, kind).map((cell, index) => (
                        <TableCell key={columns[index]}>{cell}</TableCell>
                      ))}
                      <TableCell>
                        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                          {analysisChips(record, kind).map((chip) => (
                            <Chip key={chip} label={chip} size="small" variant="outlined" />
                          ))}
                        </Stack>
                      </TableCell>
                      <TableCell>{(kind === 'soft' ? record.softDeleteReasons : kind === 'hard' ? record.hardDeleteReasons : record.protectionReasons).join('; ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </>
  );
}
