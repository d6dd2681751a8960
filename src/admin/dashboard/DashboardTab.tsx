import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { PageSpinner } from '../../components/PageSpinner';
import { trpc } from '../../trpc';
import { StatTile, TileRow } from '../components/StatTile';
import { formatCents } from '../../../server/lib/money';

/** Dashboard tab: platform figures computed on the server over every row. */
export default function DashboardTab() {
  const stats = trpc.admin.dashboard.useQuery();
  if (stats.isLoading) return <PageSpinner />;
  if (!stats.data) return <LoadFailed message="Failed to load the dashboard" onRetry={() => stats.refetch()} retrying={stats.isFetching} />;
  const s = stats.data;
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
        Platform overview
      </Typography>
      <TileRow label="Users">
        <StatTile label="Users" value={s.users.total - s.users.deleted} />
        {s.users.byType.map((t) => (
          <StatTile key={t.userType} label={`Type ${t.userType}`} value={t.n} />
        ))}
        <StatTile label="Deleted users" value={s.users.deleted} />
      </TileRow>
      <TileRow label="Studios and storefronts">
        <StatTile label="Active studios" value={s.studios.active} tone="success" />
        <StatTile label="Inactive studios" value={s.studios.inactive} />
        <StatTile label="Deleted studios" value={s.studios.deleted} />
        <StatTile label="Storefronts" value={s.storefronts.total} />
        <StatTile label="Active storefronts" value={s.storefronts.active} />
      </TileRow>
      <TileRow label={`Last ${s.windowDays} days`}>
        <StatTile label={`Orders (${s.windowDays} days)`} value={s.orders.count} />
        <StatTile label={`Revenue (${s.windowDays} days)`} value={formatCents(s.orders.revenue)} tone="success" />
        <StatTile label="Published blog posts" value={s.blogs.published} />
      </TileRow>
      <TileRow label="Payment requests">
        {s.paymentRequests.length === 0 && <Typography color="text.secondary">No payment requests yet.</Typography>}
        {s.paymentRequests.map((p) => (
          <StatTile key={p.status} label={`Payment requests ${p.status.replace(/_/g, ' ')}`} value={p.n} />
        ))}
      </TileRow>
    </>
  );
}
