import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { weekChangeText } from '../../../../server/domains/storefronts/rules';
import { formatCents } from '../../../../server/lib/money';
import type { StorefrontAnalytics } from '../types';

function StatCard({ title, value, children }: { title: string; value: string; children?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography sx={{ fontSize: '1.5rem', fontWeight: 600 }}>{value}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The four cards of the panel: Today's Sales, This Week, Total Orders, Low Stock Items (spec 1 §2). */
export function AnalyticsCards({ data }: { data: StorefrontAnalytics }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      <StatCard title="Today's Sales" value={formatCents(data.todaySales)} />
      <StatCard title="This Week" value={formatCents(data.weekSales)}>
        <Typography variant="body2" color={data.weekChangePercent !== null && data.weekChangePercent < 0 ? 'error' : 'success.main'}>
          {weekChangeText(data.weekSales, data.monthSales)}
        </Typography>
      </StatCard>
      <StatCard title="Total Orders" value={String(data.totalOrders)}>
        {data.pendingOrders > 0 && <Chip size="small" color="warning" label={`${data.pendingOrders} pending`} />}
      </StatCard>
      <StatCard title="Low Stock Items" value={String(data.lowStockCount)}>
        {data.lowStockCount > 0 && (
          <Typography variant="body2" color="warning.main">
            Action needed
          </Typography>
        )}
      </StatCard>
    </Box>
  );
}
