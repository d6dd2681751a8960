import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One titled card of the billing and payments pages. */
export function SectionCard({ title, titleAddon, id, children }: { title: string; titleAddon?: ReactNode; id?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" id={id}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1.5, display: 'flex', gap: 1, alignItems: 'center' }}>
          {title}
          {titleAddon}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
