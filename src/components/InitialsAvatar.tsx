import Avatar from '@mui/material/Avatar';

const COLORS = ['#5b8def', '#9cc5a1', '#e07a5f', '#c38fff', '#f2cc8f', '#3d6b4a', '#81b29a', '#e56b6f'];

/** A photo, or initials drawn as a local SVG (no outside avatar service), coloured from the name. */
export function InitialsAvatar({ name, photoUrl, size = 40 }: { name: string; photoUrl?: string | null; size?: number }) {
  if (photoUrl) return <Avatar src={photoUrl} alt="" sx={{ width: size, height: size }} />;
  const clean = name.replace(/^@/, '').trim();
  const initials =
    clean
      .split(/[\s._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?';
  const color = COLORS[[...clean].reduce((sum, c) => sum + c.charCodeAt(0), 0) % COLORS.length];
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" style={{ borderRadius: '50%', flexShrink: 0 }}>
      <rect width="40" height="40" fill={color} />
      <text x="20" y="25.5" textAnchor="middle" fontSize="15" fontWeight="700" fill="#0f1420" fontFamily="system-ui, sans-serif">
        {initials}
      </text>
    </svg>
  );
}
