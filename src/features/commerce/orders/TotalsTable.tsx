import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { formatCents } from '../../../../server/lib/money';

type Amounts = { subtotal: number; tax: number; shipping: number; discount: number; total: number };

/** Subtotal, tax, shipping (Free at 0 when shipped), discount and total. */
export function TotalsTable({ amounts, shipped }: { amounts: Amounts; shipped: boolean }) {
  const rows: Array<[string, string]> = [
    ['Subtotal', formatCents(amounts.subtotal)],
    ['Tax', formatCents(amounts.tax)],
    ['Shipping', shipped ? (amounts.shipping === 0 ? 'Free' : formatCents(amounts.shipping)) : 'Pickup'],
    ...(amounts.discount ? ([['Discount', `-${formatCents(amounts.discount)}`]] as Array<[string, string]>) : []),
  ];
  return (
    <Table size="small" aria-label="Order totals">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">
              {label}
            </TableCell>
            <TableCell align="right">{value}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
            Total
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 700 }}>
            {formatCents(amounts.total)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
