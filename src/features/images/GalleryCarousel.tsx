import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type ReactNode, useState } from 'react';

type Props = {
  title: string;
  count: number;
  /** The slide at this index (the gallery's own tile: open in the lightbox, delete for owners). */
  renderSlide(index: number): ReactNode;
  /** More images wait on the server: Next past the last loaded one asks for them. */
  hasMore?: boolean;
  onMore?(): void;
};

/**
 * A gallery one image at a time, after the WAI-ARIA carousel pattern: a labelled region that the
 * arrow keys step through once focused, labelled Previous and Next buttons, and the position read
 * out politely when it changes. Only the current slide is in the page, so nothing is wider than
 * its column (no sideways scroll on a phone).
 */
export function GalleryCarousel({ title, count, renderSlide, hasMore, onMore }: Props) {
  const [wanted, setWanted] = useState(0);
  // Deleting images can leave the wanted index past the end; show the last one then.
  const current = Math.min(wanted, count - 1);
  const lastReachable = hasMore ? count : count - 1;
  const go = (to: number) => {
    const next = Math.max(0, Math.min(lastReachable, to));
    if (next >= count) onMore?.();
    setWanted(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!step) return;
    event.preventDefault();
    go(current + step);
  };
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={title}
      tabIndex={0}
      onKeyDown={onKeyDown}
      sx={{ minWidth: 0, borderRadius: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
    >
      <Box
        role="group"
        aria-roledescription="slide"
        aria-label={`${current + 1} of ${count}`}
        sx={{ aspectRatio: '4 / 3', maxHeight: 520, width: '100%', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}
      >
        {renderSlide(current)}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
        <IconButton aria-label={`Previous ${title} image`} disabled={current === 0} onClick={() => go(current - 1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography color="text.secondary" aria-live="polite">
          Image {current + 1} of {count}
          {hasMore ? '+' : ''}
        </Typography>
        <IconButton aria-label={`Next ${title} image`} disabled={current >= lastReachable} onClick={() => go(current + 1)}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
