import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isLowStock } from '../../../../server/domains/products/rules';
import { errorText } from '../../../components/forms/errorText';
import { PageSpinner } from '../../../components/PageSpinner';
import { stackOnPhone } from '../../../components/stackOnPhone';
import { trpc } from '../../../trpc';
import type { ProductView } from '../types';
import { ManageShell } from './ManageShell';

type Inventory = ProductView['inventory'];

/**
 * /manage/storefront/{id}/inventory: quantities, thresholds, tracking and backorders of every
 * product, edited in place and saved together (one transaction); low stock rows are highlighted.
 */
export function InventoryPage({ storefrontId }: { storefrontId: string }) {
  const [lowStockOnly, setLowStockOnly] = useState(false);
  const products = trpc.product.forStorefront.useQuery({ storefrontId, lowStockOnly });
  const [edits, setEdits] = useState<Record<string, Inventory>>({});
  const [saved, setSaved] = useState(false);
  const utils = trpc.useUtils();
  const save = trpc.product.updateInventory.useMutation({
    onSuccess: async () => {
      setEdits({});
      setSaved(true);
      await Promise.all([utils.product.forStorefront.invalidate(), utils.storefront.analytics.invalidate()]);
    },
  });
  const edit = (product: ProductView, change: Partial<Inventory>) => {
    setSaved(false);
    setEdits((e) => ({ ...e, [product.id]: { ...(e[product.id] ?? product.inventory), ...change } }));
  };
  const count = (value: string) => (value === '' ? 0 : Math.max(0, Math.floor(Number(value)) || 0));
  const changed = Object.entries(edits);
  return (
    <ManageShell storefrontId={storefrontId} tab="inventory">
      {() => (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <FormControlLabel
              control={<Checkbox checked={lowStockOnly} onChange={(_, v) => setLowStockOnly(v)} />}
              label="Low stock only"
            />
            <Button
              variant="contained"
              disabled={changed.length === 0}
              loading={save.isPending}
              onClick={() => save.mutate({ storefrontId, items: changed.map(([productId, inventory]) => ({ productId, ...inventory })) })}
            >
              Save Changes
            </Button>
          </Stack>
          {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
          {saved && <Alert severity="success">Inventory updated</Alert>}
          {products.isLoading && <PageSpinner />}
          {products.data?.length === 0 && (
            <Typography color="text.secondary">{lowStockOnly ? 'No low stock products.' : 'No products yet.'}</Typography>
          )}
          {!!products.data?.length && (
            <Table size="small" aria-label="Inventory" sx={stackOnPhone}>
              <TableHead>
                <TableRow>
                  <TableCell>Product</TableCell>
                  <TableCell>Track</TableCell>
                  <TableCell>Quantity</TableCell>
                  <TableCell>Low stock threshold</TableCell>
                  <TableCell>Backorders</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {products.data.map((product) => {
                  const inventory = edits[product.id] ?? product.inventory;
                  const low = isLowStock(inventory);
                  return (
                    <TableRow
                      key={product.id}
                      sx={low ? { bgcolor: 'warning.light', '& td': { color: 'warning.contrastText' } } : undefined}
                    >
                      <TableCell data-label="Product">
                        {product.name}
                        {low && (
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            Low stock
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell data-label="Track">
                        <Checkbox
                          checked={inventory.trackInventory}
                          onChange={(_, v) => edit(product, { trackInventory: v })}
                          slotProps={{ input: { 'aria-label': `Track inventory of ${product.name}` } }}
                        />
                      </TableCell>
                      <TableCell data-label="Quantity">
                        <TextField
                          type="number"
                          size="small"
                          value={inventory.quantity}
                          onChange={(e) => edit(product, { quantity: count(e.target.value) })}
                          slotProps={{ htmlInput: { min: 0, 'aria-label': `Quantity of ${product.name}` } }}
                          sx={{ width: 110 }}
                        />
                      </TableCell>
                      <TableCell data-label="Low stock threshold">
                        <TextField
                          type="number"
                          size="small"
                          value={inventory.lowStockThreshold}
                          onChange={(e) => edit(product, { lowStockThreshold: count(e.target.value) })}
                          slotProps={{ htmlInput: { min: 0, 'aria-label': `Low stock threshold of ${product.name}` } }}
                          sx={{ width: 110 }}
                        />
                      </TableCell>
                      <TableCell data-label="Backorders">
                        <Checkbox
                          checked={inventory.allowBackorders}
                          onChange={(_, v) => edit(product, { allowBackorders: v })}
                          slotProps={{ input: { 'aria-label': `Allow backorders of ${product.name}` } }}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </Stack>
      )}
    </ManageShell>
  );
}
