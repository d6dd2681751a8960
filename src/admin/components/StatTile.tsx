import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** One figure with its label (dashboard, blog statistics, cleanup results). */
export function StatTile({ label, value, tone }: { label: string; value: string | number; tone?: 'error' | 'success' | 'warning' }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 150, flex: '1 1 150px' }}>
      <CardContent>
        {/* Two tiles share a 390 px row: a long sum ("$12,345.67") wraps inside its tile, never past it. */}
        <Typography
          component="p"
          variant="h4"
          sx={{ fontWeight: 700, color: tone ? `${tone}.main` : undefined, fontSize: { xs: '1.6rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}
        >
          {value}
        </Typography>
        <Typography component="p" color="text.secondary">
          {label}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function TileRow({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <section aria-label={label} style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginBottom: 24 }}>
      {children}
    </section>
  );
}
