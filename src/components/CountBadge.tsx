import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';

/**
 * A count on an icon, drawn only when there is something to count: an empty badge would still put
 * a "0" in the link's text that its accessible name (which carries the count) does not contain.
 */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  if (count <= 0) return <>{children}</>;
  return (
    <Badge badgeContent={count} color="error" max={99}>
      {children}
    </Badge>
  );
}
