import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import { filterBySubstring } from '../../../server/domains/admin/rules';
import { LoadFailed } from '../../components/LoadFailed';
import { stackOnPhone } from '../../components/stackOnPhone';
import { useFlash } from '../components/useFlash';
import type { EditDialogProps } from './EditRecordDialog';

export type Column<Row> = { label: string; render(row: Row): ReactNode };

/**
 * The pattern of the User, Artist, Studio and Storefront tabs (spec 2 §2, §5): a search box with
 * Search (the server's prefix search) and Load Recent (100 newest), the rows filtered by substring
 * as the box changes, a table, an edit dialog, and the 3-second success message after a save.
 */
export function EntityManager<Row extends { id: string }>({
  title,
  noun,
  placeholder,
  loadRecent,
  search,
  columns,
  fields,
  rowName,
  EditDialog,
}: {
  title: string;
  /** Plural, lowercase: 'users', 'studios' … (the spec's 'Failed to load users' messages). */
  noun: string;
  placeholder: string;
  loadRecent(): Promise<Row[]>;
  search(query: string): Promise<Row[]>;
  columns: Column<Row>[];
  fields(row: Row): Array<string | null | undefined>;
  rowName(row: Row): string;
  EditDialog: ComponentType<EditDialogProps<Row>>;
}) {
  const [rows, setRows] = useState<Row[]>([]);
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  // A failed load: the spec's text ('Failed to load users', 'Failed to search users') and the same load again.
  const [failed, setFailed] = useState<{ message: string; retry(): void } | null>(null);
  const [editing, setEditing] = useState<Row | null>(null);
  const [success, showSuccess] = useFlash();

  const load = useCallback(async function run(fetchRows: () => Promise<Row[]>, failure: string): Promise<void> {
    setBusy(true);
    setFailed(null);
    try {
      setRows(await fetchRows());
    } catch {
      // The spec's text, whatever the cause: a dropped connection reads "Failed to fetch".
      setFailed({ message: failure, retry: () => void run(fetchRows, failure) });
    } finally {
      setBusy(false);
    }
  }, []);
  const recent = useCallback(() => load(loadRecent, `Failed to load ${noun}`), [load, loadRecent, noun]);
  useEffect(() => {
    void recent();
  }, [recent]);

  const shown = filterBySubstring(rows, query, fields);
  const onSearch = (event: React.FormEvent) => {
    event.preventDefault();
    if (query.trim()) void load(() => search(query.trim()), `Failed to search ${noun}`);
    else void recent();
  };

  return (
    <Box component="section" aria-labelledby="manager-title">
      <Typography id="manager-title" variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
        {title}
      </Typography>
      <Stack component="form" role="search" direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }} onSubmit={onSearch}>
        <TextField
          label={`Search ${noun}`}
          placeholder={placeholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          size="small"
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          Search
        </Button>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => {
            setQuery('');
            void recent();
          }}
        >
          Load Recent
        </Button>
      </Stack>
      {success && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {success}
        </Alert>
      )}
      {failed && (
        <Box sx={{ mb: 2 }}>
          <LoadFailed message={failed.message} onRetry={failed.retry} retrying={busy} />
        </Box>
      )}
      <Typography color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {busy ? 'Loading…' : `${shown.length} of ${rows.length} shown`}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={title} sx={stackOnPhone}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label}>{column.label}</TableCell>
              ))}
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.id} hover>
                {columns.map((column) => (
                  <TableCell key={column.label} data-label={column.label}>
                    {column.render(row)}
                  </TableCell>
                ))}
                <TableCell data-label="Actions">
                  <Button size="small" onClick={() => setEditing(row)} aria-label={`Edit ${rowName(row)}`}>
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && (
        <EditDialog
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, message) => {
            setRows((current) => current.map((r) => (r.id === saved.id ? saved : r)));
            setEditing(null);
            showSuccess(message);
          }}
        />
      )}
    </Box>
  );
}
