import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { trpc } from '../../trpc';
import { formatDay } from './format';
import { formatCents } from '../../../server/lib/money';
import { SectionCard } from './SectionCard';
import type { HistoryRow } from './types';

/** The words for the statuses a refund of a payment request writes (decision 039); others show as stored. */
const STATUS_TEXT: Record<string, string> = { refunded: 'Refunded', refund_issued: 'Refund issued' };

/**
 * Payments, newest first, with receipts: Stripe's receipt page, or for local-mode charges (whose
 * receipt link is this page with ?receipt=<charge id>) a receipt dialog drawn from our record.
 */
export function PaymentHistoryCard({ receipt, onReceipt }: { receipt?: string; onReceipt(chargeId: string | undefined): void }) {
  const history = trpc.payment.history.useInfiniteQuery({}, { getNextPageParam: (p) => p.nextCursor });
  const rows = history.data?.pages.flatMap((p) => p.items) ?? [];
  const shown = rows.find((r) => r.stripeChargeId === receipt);
  const isLocal = (r: HistoryRow) => Boolean(r.receiptUrl?.startsWith(window.location.origin));
  return (
    <SectionCard title="Payment history">
      {history.isError && !history.data ? (
        <LoadFailed message="Failed to fetch payment history" onRetry={() => history.refetch()} retrying={history.isFetching} />
      ) : history.isPending ? null : rows.length === 0 ? (
        <Typography color="text.secondary">No payments yet.</Typography>
      ) : (
        <Table size="small" aria-label="Payment history">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Receipt</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{formatDay(r.date)}</TableCell>
                <TableCell>{r.description}</TableCell>
                <TableCell align="right">{formatCents(r.amount)}</TableCell>
                <TableCell>{STATUS_TEXT[r.status] ?? r.status}</TableCell>
                <TableCell>
                  {r.receiptUrl && isLocal(r) && (
                    <Button size="small" onClick={() => onReceipt(r.stripeChargeId ?? undefined)}>
                      View receipt
                    </Button>
                  )}
                  {r.receiptUrl && !isLocal(r) && (
                    <Link href={r.receiptUrl} target="_blank" rel="noopener">
                      View receipt
                    </Link>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {history.isFetchNextPageError && (
        <LoadFailed
          message="Failed to fetch payment history"
          onRetry={() => history.fetchNextPage()}
          retrying={history.isFetchingNextPage}
        />
      )}
      {history.hasNextPage && !history.isFetchNextPageError && <Button onClick={() => history.fetchNextPage()}>Load more</Button>}
      <Dialog open={Boolean(shown)} onClose={() => onReceipt(undefined)} aria-labelledby="receipt-title">
        <DialogTitle id="receipt-title">Receipt</DialogTitle>
        {shown && (
          <DialogContent>
            <Typography>{shown.description}</Typography>
            <Typography sx={{ fontSize: '1.6rem', fontWeight: 700, my: 1 }}>{formatCents(shown.amount)}</Typography>
            <Typography color="text.secondary">Paid on {formatDay(shown.date)}</Typography>
            <Typography color="text.secondary">Charge {shown.stripeChargeId}</Typography>
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => onReceipt(undefined)}>Close</Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}
