import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { formatCents } from '../../../../server/lib/money';
import { errorText } from '../../../components/forms/errorText';
import { ButtonLink } from '../../../components/links';
import { stackOnPhone } from '../../../components/stackOnPhone';
import { trpc } from '../../../trpc';
import { ManageShell } from './ManageShell';

const STATUSES = ['draft', 'active', 'archived'] as const;

/** /manage/storefront/{id}/products: every product (up to 100) by status, with edit and delete. */
export function ProductsListPage({ storefrontId }: { storefrontId: string }) {
  const [status, setStatus] = useState<(typeof STATUSES)[number] | ''>('');
  // Deferred: while another status's products load, the table keeps the last ones (a suspended
  // query would replace the page with the route's spinner).
  const [products] = trpc.product.forStorefront.useSuspenseQuery({ storefrontId, status: useDeferredValue(status) || undefined });
  const utils = trpc.useUtils();
  const remove = trpc.product.delete.useMutation({ onSuccess: () => utils.product.forStorefront.invalidate() });
  return (
    <ManageShell storefrontId={storefrontId} tab="products">
      {() => (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(e) => setStatus(e.target.value as typeof status)}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">All</MenuItem>
              {STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <ButtonLink to="/manage/storefront/$storefrontId/products/new" params={{ storefrontId }} variant="contained">
              New Product
            </ButtonLink>
          </Stack>
          {remove.error && <Alert severity="error">{errorText(remove.error)}</Alert>}
          {products.length === 0 && <Typography color="text.secondary">No products yet.</Typography>}
          {products.length > 0 && (
            <Table size="small" aria-label="Products" sx={stackOnPhone}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell align="right">Stock</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {products.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell data-label="Name">{p.name}</TableCell>
                    <TableCell data-label="Status">{p.status}</TableCell>
                    <TableCell data-label="Price" align="right">
                      {formatCents(p.price)}
                    </TableCell>
                    <TableCell data-label="Stock" align="right">
                      {p.inventory.trackInventory ? p.inventory.quantity : 'Not tracked'}
                    </TableCell>
                    <TableCell data-label="Actions">
                      <ButtonLink
                        to="/manage/storefront/$storefrontId/products/$productId/edit"
                        params={{ storefrontId, productId: p.id }}
                        size="small"
                      >
                        Edit
                      </ButtonLink>
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Delete ${p.name}`}
                        onClick={() => {
                          if (window.confirm(`Delete ${p.name}? It will be archived.`)) remove.mutate({ productId: p.id });
                        }}
                      >
                        Delete
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Stack>
      )}
    </ManageShell>
  );
}
