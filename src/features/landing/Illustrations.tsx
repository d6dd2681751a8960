import { useTheme } from '@mui/material/styles';
import type { ReactElement } from 'react';

// Generated line-art in the flash-sheet tradition, drawn in the theme's colours (no raster assets).

export function HeroArt() {
  const { palette } = useTheme();
  const ink = palette.primary.main;
  const accent = palette.secondary.main;
  return (
    <svg viewBox="0 0 400 320" width="100%" role="img" aria-label="A swallow and a rose drawn as tattoo flash">
      <defs>
        <linearGradient id="hero-glow" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={ink} stopOpacity="0.35" />
          <stop offset="1" stopColor={accent} stopOpacity="0.15" />
        </linearGradient>
      </defs>
      <rect x="10" y="10" width="380" height="300" rx="28" fill="url(#hero-glow)" />
      <g fill="none" stroke={ink} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M90 170 C130 110 190 100 230 130 C200 135 185 150 180 170 C215 160 250 170 275 200 C230 195 200 200 175 215 C150 230 115 225 90 170 Z" />
        <path d="M230 130 L300 95 L275 140 M275 200 L330 215 L290 235" />
        <circle cx="118" cy="160" r="5" fill={ink} />
      </g>
      <g fill="none" stroke={accent} strokeWidth="4" strokeLinecap="round">
        <path d="M280 250 c-20 -25 10 -45 25 -30 c15 -20 45 0 25 25 c15 20 -10 40 -25 25 c-15 20 -45 0 -25 -20 Z" />
        <path d="M305 245 c-5 -8 5 -14 10 -6" />
        <path d="M300 280 C 290 300 270 305 250 300" />
      </g>
      <g fill={accent}>
        <circle cx="60" cy="60" r="4" />
        <circle cx="340" cy="60" r="3" />
        <circle cx="70" cy="270" r="3" />
      </g>
    </svg>
  );
}

const motifs: Record<string, (ink: string) => ReactElement> = {
  portfolio: (ink) => <path d="M20 60 L40 25 L60 60 Z M30 45 h20" stroke={ink} />,
  booking: (ink) => <path d="M18 28 h44 v36 h-44 Z M18 38 h44 M30 20 v14 M50 20 v14" stroke={ink} />,
  chat: (ink) => <path d="M18 24 h44 v28 h-24 l-12 10 v-10 h-8 Z" stroke={ink} />,
  studio: (ink) => <path d="M16 62 V34 L40 18 L64 34 V62 Z M34 62 V46 h12 v16" stroke={ink} />,
  insights: (ink) => <path d="M18 62 V20 M18 62 H64 M26 52 L38 40 L48 46 L62 28" stroke={ink} />,
  paid: (ink) => <path d="M40 18 v44 M50 26 c-4 -5 -20 -5 -20 4 c0 10 22 6 22 16 c0 9 -18 9 -22 3" stroke={ink} />,
};

export function FeatureArt({ motif }: { motif: keyof typeof motifs }) {
  const { palette } = useTheme();
  return (
    <svg viewBox="0 0 80 80" width="56" height="56" aria-hidden="true">
      <circle cx="40" cy="40" r="38" fill={palette.primary.main} fillOpacity="0.12" />
      <g fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
        {motifs[motif](palette.primary.main)}
      </g>
    </svg>
  );
}
