import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AUDIT_ENTITY_TYPES } from '../../../server/domains/admin/inputs';
import { AuditHistory } from '../components/AuditHistory';
import { type Failure, FailureAlert, failureOf } from '../components/failure';
import { dialogFormStyle } from '../components/layout';
import { type FieldSpec, FormFields } from './FormFields';

export type EditDialogProps<Row> = { row: Row; onClose(): void; onSaved(row: Row, message: string): void };

/**
 * The edit dialog of every management tab (spec 2 §2): read-only id and email, the record's fields
 * validated by the server's own schema, Cancel and Save Changes, and the record's change history.
 */
export function EditRecordDialog<Row, Values extends FieldValues>({
  title,
  schema,
  fields,
  defaultValues,
  readOnly,
  audit,
  failureMessage,
  save,
  onClose,
  onSaved,
}: {
  title: string;
  schema: z.ZodType;
  fields: FieldSpec[];
  defaultValues: Values;
  readOnly: Array<{ label: string; value: string }>;
  audit: { entityType: (typeof AUDIT_ENTITY_TYPES)[number]; entityId: string };
  /** The spec's text for a failed save: 'Failed to update user', 'Failed to update storefront' … */
  failureMessage: string;
  save(values: Values): Promise<{ row: Row; message: string }>;
  onClose(): void;
  onSaved(row: Row, message: string): void;
}) {
  const [error, setError] = useState<Failure | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);
  const form = useForm<Values>({ resolver: zodResolver(schema as never) as unknown as Resolver<Values>, defaultValues: defaultValues as never });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save(values);
      onSaved(saved.row, saved.message);
    } catch (failure) {
      setError(failureOf(failureMessage, failure));
    }
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="edit-dialog-title">
      <form onSubmit={onSubmit} noValidate style={dialogFormStyle}>
        <DialogTitle id="edit-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2, mt: 1 }}>
            {readOnly.map((item) => (
              <TextField key={item.label} label={item.label} value={item.value} slotProps={{ input: { readOnly: true } }} helperText="Read-only" />
            ))}
          </Box>
          <FormFields fields={fields} control={form.control} />
          <AuditHistory entityType={audit.entityType} entityId={audit.entityId} />
          {/* Beside Save Changes, where the admin is looking when a save fails (the dialog may be scrolled). */}
          {error && (
            <Box ref={errorRef} sx={{ mt: 2 }}>
              <FailureAlert failure={error} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Save Changes
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
