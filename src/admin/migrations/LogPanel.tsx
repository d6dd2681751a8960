import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { isErrorLine } from '../../../server/domains/maintenance/rules';

/** A run's output, scrolled to the newest line; lines starting with ERROR get an error icon (spec 2 §8). */
export function LogPanel({ lines, maxHeight, label }: { lines: string[]; maxHeight: 300 | 400; label: string }) {
  const panel = useRef<HTMLDivElement>(null);
  // Follow the newest line (after every render: the lines only grow during a run).
  useEffect(() => {
    if (panel.current) panel.current.scrollTop = panel.current.scrollHeight;
  });
  if (lines.length === 0) return null;
  return (
    <Box
      ref={panel}
      role="log"
      aria-label={label}
      tabIndex={0}
      sx={{ maxHeight, overflow: 'auto', bgcolor: 'action.hover', borderRadius: 1, p: 1.5, mt: 2, fontFamily: 'monospace', fontSize: '0.8rem' }}
    >
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: log lines repeat and never move.
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', color: isErrorLine(line) ? 'error.main' : undefined }}>
          {isErrorLine(line) && <ErrorOutline fontSize="inherit" titleAccess="Error" sx={{ mt: '2px' }} />}
          <Typography component="span" sx={{ font: 'inherit', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {line}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
