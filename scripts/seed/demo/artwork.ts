// Demo artwork drawn at seed time, without the network: tattoo-style line art (roses, daggers,
// swallows, mandalas, anchors, moons, script hearts) as SVG, in a few palettes, rendered by sharp.
// Every picture comes from a seeded random source, so the same seed draws the same pictures.

/** mulberry32: a small deterministic random source. */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}
export type Random = ReturnType<typeof randomSource>;

/** Ink, then the colours of a style: traditional, neo-traditional, fine line, blackwork, watercolour. */
export type Palette = { name: string; ink: string; fills: [string, string, string, string]; paper: string };
export const PALETTES: Palette[] = [
  { name: 'traditional', ink: '#161616', fills: ['#c8302b', '#2f7d4f', '#e8b23a', '#2b5d9b'], paper: '#f3ead8' },
  { name: 'neo-traditional', ink: '#1d1424', fills: ['#8e3b6b', '#2f8f8a', '#d98b3a', '#5b3f8f'], paper: '#efe6e0' },
  { name: 'fine line', ink: '#222222', fills: ['none', 'none', 'none', 'none'], paper: '#f7f4ee' },
  { name: 'blackwork', ink: '#0d0d0d', fills: ['#0d0d0d', '#3a3a3a', '#0d0d0d', '#555555'], paper: '#ece8e1' },
  { name: 'watercolour', ink: '#2a2a35', fills: ['#e57f9b', '#7fc4c9', '#f0c26b', '#9c8ad6'], paper: '#faf7f2' },
];

const SKIN = ['#e9c4a6', '#d9a883', '#c48f6a', '#a8734f', '#f0d2bc', '#8a5a3c'];
const WORDS = ['Forever', 'Mom', 'Wanderer', 'Stay True', 'Amor', 'Hope', 'Home', 'Fortune'];

type Motif = (p: Palette, r: Random) => string;
const line = (p: Palette, w = 4) => `stroke="${p.ink}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"`;

// Each motif is drawn in a 200 x 200 box.
const rose: Motif = (p, r) => {
  const petal = p.fills[0];
  const leaf = p.fills[1];
  const tilt = r.int(-12, 12);
  return `<g transform="rotate(${tilt} 100 100)">
  <path d="M100 150 C 98 170 96 185 92 196" fill="none" ${line(p, 4)}/>
  <path d="M70 118 C 42 118 26 140 28 165 C 55 166 72 148 74 124 Z" fill="${leaf}" ${line(p)}/>
  <path d="M72 128 C 60 140 48 150 34 160" fill="none" ${line(p, 2)}/>
  <path d="M130 118 C 158 118 174 140 172 165 C 145 166 128 148 126 124 Z" fill="${leaf}" ${line(p)}/>
  <path d="M128 128 C 140 140 152 150 166 160" fill="none" ${line(p, 2)}/>
  <path d="M100 40 C 62 40 44 76 58 108 C 70 138 130 138 142 108 C 156 76 138 40 100 40 Z" fill="${petal}" ${line(p)}/>
  <path d="M62 80 C 70 112 130 112 138 80" fill="none" ${line(p, 3)}/>
  <path d="M100 56 C 78 56 72 82 88 92 C 102 100 118 92 116 76 C 114 64 100 62 96 72 C 94 80 104 84 106 78" fill="none" ${line(p, 3)}/>
  <path d="M66 60 C 78 50 86 48 94 50" fill="none" ${line(p, 2)}/>
  <path d="M134 60 C 124 50 116 48 108 50" fill="none" ${line(p, 2)}/>
</g>`;
};

const dagger: Motif = (p, r) => {
  const tilt = r.pick([-30, -20, 20, 30, 0]);
  return `<g transform="rotate(${tilt} 100 100)">
  <path d="M100 196 L88 86 L112 86 Z" fill="${p.fills[3] === 'none' ? '#ffffff' : '#dfe3e8'}" ${line(p)}/>
  <path d="M100 190 L100 92" fill="none" ${line(p, 2)}/>
  <rect x="62" y="74" width="76" height="14" rx="7" fill="${p.fills[2]}" ${line(p)}/>
  <rect x="91" y="30" width="18" height="44" rx="4" fill="${p.fills[0]}" ${line(p)}/>
  <path d="M91 42 L109 42 M91 54 L109 54 M91 66 L109 66" ${line(p, 2)}/>
  <circle cx="100" cy="20" r="11" fill="${p.fills[2]}" ${line(p)}/>
  <path d="M60 130 C 30 120 30 150 56 152 C 80 154 90 170 70 180" fill="none" ${line(p, 3)}/>
  <path d="M140 120 C 170 112 172 142 146 146" fill="none" ${line(p, 3)}/>
</g>`;
};

const swallow: Motif = (p, r) => {
  const flip = r.next() < 0.5 ? 'scale(-1 1) translate(-200 0)' : '';
  return `<g transform="${flip}">
  <path d="M30 70 C 70 50 110 60 130 90 L178 60 L160 100 L196 110 L150 118 C 130 150 80 160 46 140 C 70 130 86 118 92 104 C 70 100 46 90 30 70 Z" fill="${p.fills[3]}" ${line(p)}/>
  <path d="M92 104 C 110 96 124 96 138 104 C 120 112 104 114 92 104 Z" fill="${p.fills[0] === 'none' ? 'none' : '#f5efe6'}" ${line(p, 3)}/>
  <path d="M46 140 C 30 150 16 168 10 186 C 34 176 52 162 62 146" fill="${p.fills[3]}" ${line(p)}/>
  <path d="M60 130 C 50 150 44 170 46 190 C 58 172 70 156 76 138" fill="${p.fills[3]}" ${line(p)}/>
  <circle cx="40" cy="74" r="4" fill="${p.ink}"/>
  <path d="M26 70 L14 74 L26 78" fill="${p.fills[2]}" ${line(p, 2)}/>
  <path d="M70 66 C 90 70 104 80 112 92" fill="none" ${line(p, 2)}/>
</g>`;
};

const mandala: Motif = (p, r) => {
  const petals = r.pick([8, 10, 12, 16]);
  const rings = r.int(2, 4);
  const parts: string[] = [];
  for (let i = 0; i < petals; i++) {
    const a = (360 / petals) * i;
    parts.push(
      `<ellipse cx="100" cy="46" rx="${r.int(10, 14)}" ry="34" transform="rotate(${a} 100 100)" fill="${i % 2 ? p.fills[0] : p.fills[3]}" ${line(p, 2.5)}/>`,
    );
    parts.push(`<circle cx="100" cy="8" r="3.5" transform="rotate(${a + 180 / petals} 100 100)" fill="${p.ink}"/>`);
  }
  for (let k = 0; k < rings; k++)
    parts.push(`<circle cx="100" cy="100" r="${40 - k * 10}" fill="${k % 2 ? p.fills[2] : 'none'}" ${line(p, 2.5)}/>`);
  for (let i = 0; i < petals * 2; i++)
    parts.push(`<path d="M100 60 L100 66" transform="rotate(${(180 / petals) * i} 100 100)" ${line(p, 2)}/>`);
  parts.push(`<circle cx="100" cy="100" r="6" fill="${p.ink}"/>`);
  return `<g>${parts.join('')}</g>`;
};

const anchor: Motif = (p) => `<g>
  <circle cx="100" cy="30" r="14" fill="none" ${line(p, 6)}/>
  <path d="M100 44 L100 176" ${line(p, 10)}/>
  <path d="M70 66 L130 66" ${line(p, 9)}/>
  <path d="M36 128 C 40 164 70 184 100 184 C 130 184 160 164 164 128" fill="none" ${line(p, 9)}/>
  <path d="M26 140 L36 118 L52 136 Z M174 140 L164 118 L148 136 Z" fill="${p.ink}" ${line(p, 3)}/>
  <path d="M100 60 C 140 70 150 110 120 120 C 96 128 80 150 110 160" fill="none" stroke="${p.fills[0] === 'none' ? p.ink : p.fills[0]}" stroke-width="7" stroke-linecap="round"/>
</g>`;

const moon: Motif = (p, r) => {
  const stars = Array.from({ length: r.int(3, 6) }, () => {
    const x = r.int(120, 188);
    const y = r.int(14, 186);
    const s = r.int(5, 10);
    return `<path d="M${x} ${y - s} L${x + s * 0.3} ${y - s * 0.3} L${x + s} ${y} L${x + s * 0.3} ${y + s * 0.3} L${x} ${y + s} L${x - s * 0.3} ${y + s * 0.3} L${x - s} ${y} L${x - s * 0.3} ${y - s * 0.3} Z" fill="${p.fills[2]}" ${line(p, 2)}/>`;
  }).join('');
  return `<g>
  <path d="M110 14 C 56 20 26 70 36 118 C 46 166 96 196 140 182 C 96 170 72 130 76 92 C 80 56 96 30 110 14 Z" fill="${p.fills[2]}" ${line(p)}/>
  <path d="M70 80 C 66 90 66 100 70 106 M76 130 C 80 140 86 148 94 152" fill="none" ${line(p, 2)}/>
  <circle cx="60" cy="108" r="3" fill="${p.ink}"/>
  ${stars}
</g>`;
};

const heart: Motif = (p, r) => {
  const word = r.pick(WORDS);
  return `<g>
  <path d="M100 184 C 60 150 18 120 18 74 C 18 44 42 24 66 24 C 84 24 96 36 100 48 C 104 36 116 24 134 24 C 158 24 182 44 182 74 C 182 120 140 150 100 184 Z" fill="${p.fills[0]}" ${line(p)}/>
  <path d="M40 60 C 44 46 54 40 64 40" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.7"/>
  <path d="M4 92 L196 92 L186 108 L196 124 L4 124 L14 108 Z" fill="#f6f0e2" ${line(p, 3)}/>
  <text x="100" y="116" text-anchor="middle" font-family="DejaVu Serif, serif" font-style="italic" font-weight="bold" font-size="${word.length > 6 ? 20 : 24}" fill="${p.ink}">${word}</text>
</g>`;
};

export const MOTIFS = { rose, dagger, swallow, mandala, anchor, moon, heart } as const;
export type MotifName = keyof typeof MOTIFS;
const MOTIF_NAMES = Object.keys(MOTIFS) as MotifName[];

function svg(width: number, height: number, body: string) {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

/** Faint paper fibres or skin pores: a few hundred short strokes, so the flat background reads as a surface. */
function grain(r: Random, width: number, height: number, colour: string, count: number) {
  const marks: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = r.int(0, width);
    const y = r.int(0, height);
    marks.push(`M${x} ${y}l${r.int(-4, 4)} ${r.int(-4, 4)}`);
  }
  return `<path d="${marks.join('')}" stroke="${colour}" stroke-width="1.5" opacity="0.18" fill="none"/>`;
}

/**
 * A portfolio photo: one motif healed into skin (a soft-lit patch of skin, the ink slightly
 * transparent), 900 x 1125 like a phone portrait crop.
 */
export function portfolioPiece(r: Random, palette: Palette, motif: MotifName = r.pick(MOTIF_NAMES)) {
  const width = 900;
  const height = 1125;
  const skin = r.pick(SKIN);
  const scale = r.int(30, 36) / 10;
  const x = (width - 200 * scale) / 2 + r.int(-40, 40);
  const y = (height - 200 * scale) / 2 + r.int(-60, 60);
  return svg(
    width,
    height,
    `<defs>
      <radialGradient id="light" cx="${r.int(30, 70)}%" cy="${r.int(20, 45)}%" r="80%">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>
        <stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/>
        <stop offset="1" stop-color="#000000" stop-opacity="0.35"/>
      </radialGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="${skin}"/>
    ${grain(r, width, height, '#5a3b28', 500)}
    <g transform="translate(${x} ${y}) scale(${scale})" opacity="0.9">${MOTIFS[motif](palette, r)}</g>
    <rect width="${width}" height="${height}" fill="url(#light)"/>`,
  );
}

/** A flash sheet: a grid of motifs on paper, with the artist's name lettered along the top. */
export function flashSheet(r: Random, palette: Palette, title: string) {
  const width = 1000;
  const height = 1300;
  const cols = 3;
  const rows = 4;
  const cell = 290;
  const left = (width - cols * cell) / 2;
  const top = 140;
  const cells: string[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const s = (cell - 30) / 200;
      cells.push(
        `<g transform="translate(${left + col * cell + 15} ${top + row * cell + 15}) scale(${s})">${MOTIFS[r.pick(MOTIF_NAMES)](palette, r)}</g>`,
      );
    }
  }
  return svg(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${palette.paper}"/>
    ${grain(r, width, height, '#8a7a5a', 700)}
    <text x="${width / 2}" y="92" text-anchor="middle" font-family="DejaVu Serif, serif" font-weight="bold" font-size="54" letter-spacing="6" fill="${palette.ink}">${escapeXml(title)}</text>
    <path d="M${left} 112 L${width - left} 112" stroke="${palette.ink}" stroke-width="3"/>
    ${cells.join('')}`,
  );
}

/** A banner: a wide band of motifs over a dark ground, 1500 x 470 (the stored banner's shape). */
export function bannerArt(r: Random, palette: Palette) {
  const width = 1500;
  const height = 470;
  const ground = r.pick(['#1c1b22', '#23201d', '#1a2326', '#2a1d24']);
  const items: string[] = [];
  const count = 7;
  for (let i = 0; i < count; i++) {
    const s = r.int(14, 19) / 10;
    const x = (width / count) * i + r.int(-10, 10);
    const y = (height - 200 * s) / 2 + r.int(-30, 30);
    items.push(`<g transform="translate(${x} ${y}) scale(${s})">${MOTIFS[r.pick(MOTIF_NAMES)]({ ...palette, ink: '#f4efe6' }, r)}</g>`);
  }
  return svg(
    width,
    height,
    `<defs><linearGradient id="fade" x1="0" x2="1"><stop offset="0" stop-color="${ground}" stop-opacity="0.1"/><stop offset="0.5" stop-color="${ground}" stop-opacity="0"/><stop offset="1" stop-color="${ground}" stop-opacity="0.6"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="${ground}"/>
    ${grain(r, width, height, '#ffffff', 600)}
    ${items.join('')}
    <rect width="${width}" height="${height}" fill="url(#fade)"/>`,
  );
}

/** A product photo: the product drawn on a plain studio backdrop. */
export function productPhoto(r: Random, palette: Palette, kind: 'balm' | 'tee' | 'print' | 'gift-card' | 'hoodie' | 'stickers') {
  const width = 1000;
  const height = 1000;
  const backdrop = r.pick(['#ece6dc', '#dfe6e4', '#e9e1e6', '#e4e1d8']);
  const art = (x: number, y: number, s: number, ink = palette.ink) =>
    `<g transform="translate(${x} ${y}) scale(${s})">${MOTIFS[r.pick(MOTIF_NAMES)]({ ...palette, ink }, r)}</g>`;
  const shadow = `<ellipse cx="500" cy="860" rx="330" ry="40" fill="#000" opacity="0.12"/>`;
  const bodies: Record<typeof kind, string> = {
    balm: `${shadow}<rect x="260" y="420" width="480" height="420" rx="40" fill="#2d2a28"/><rect x="240" y="330" width="520" height="120" rx="30" fill="#b08d57"/>
      <rect x="320" y="520" width="360" height="220" rx="12" fill="${palette.paper}"/><text x="500" y="600" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="44" font-weight="bold" fill="#2d2a28">HEALING</text>
      <text x="500" y="660" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#2d2a28">balm · 2 oz</text>${art(450, 680, 0.5, '#2d2a28')}`,
    tee: `${shadow}<path d="M330 180 L420 150 C 450 200 550 200 580 150 L670 180 L820 300 L740 400 L680 350 L680 850 L320 850 L320 350 L260 400 L180 300 Z" fill="#1f1f22"/>
      ${art(360, 320, 1.4, '#f4efe6')}`,
    hoodie: `${shadow}<path d="M330 200 C 380 120 620 120 670 200 L820 320 L760 820 L680 780 L680 860 L320 860 L320 780 L240 820 L180 320 Z" fill="#3b4a3f"/>
      <path d="M400 200 C 430 300 570 300 600 200" fill="none" stroke="#2a352d" stroke-width="18"/>${art(380, 380, 1.2, '#e9e4d8')}`,
    print: `<rect x="220" y="100" width="560" height="780" fill="#fbfaf7" stroke="#c9c2b5" stroke-width="6"/><rect x="190" y="80" width="620" height="820" fill="none" stroke="#3a2f28" stroke-width="26"/>
      ${art(300, 200, 2)}${art(300, 560, 1.2)}${art(540, 560, 1.2)}`,
    'gift-card': `${shadow}<rect x="170" y="300" width="660" height="410" rx="36" fill="#1c1b22"/><rect x="170" y="300" width="660" height="410" rx="36" fill="none" stroke="#b08d57" stroke-width="8"/>
      <text x="230" y="400" font-family="DejaVu Serif, serif" font-size="54" font-weight="bold" fill="#f4efe6">GIFT CARD</text><text x="230" y="660" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#b08d57">$50</text>${art(560, 440, 1.2, '#f4efe6')}`,
    stickers: `${[0, 1, 2, 3, 4].map((i) => `<g transform="rotate(${r.int(-15, 15)} ${200 + (i % 3) * 300} ${260 + Math.floor(i / 3) * 380})"><circle cx="${200 + (i % 3) * 300}" cy="${260 + Math.floor(i / 3) * 380}" r="150" fill="#ffffff"/>${art(100 + (i % 3) * 300, 160 + Math.floor(i / 3) * 380, 1)}</g>`).join('')}`,
  };
  return svg(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${backdrop}"/>${grain(r, width, height, '#6a6050', 300)}${bodies[kind]}`,
  );
}

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
