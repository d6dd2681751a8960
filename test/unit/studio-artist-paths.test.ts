import { describe, expect, it } from 'vitest';
import { artistPath } from '../../server/domains/artists/rules';
import { studioPath } from '../../server/domains/studios/rules';

// Spec 1 route table: /studio/{slug}… and /artist/{slug}… by slug, /studio/id/{id}… and
// /artist/id/{id}… by id — the only form that opens a record without a slug (issue 19, item 5).

const id = '6f1c2a8e-1b2c-4d3e-8f90-123456789abc';

describe('studioPath', () => {
  it('uses the slug when there is one, else the id route', () => {
    expect(studioPath({ id, urlSlug: 'iron-rose-tattoo' })).toBe('/studio/iron-rose-tattoo');
    expect(studioPath({ id, urlSlug: null })).toBe(`/studio/id/${id}`);
    expect(studioPath({ id, urlSlug: '' })).toBe(`/studio/id/${id}`);
    expect(studioPath({ id })).toBe(`/studio/id/${id}`);
  });
  it('adds the booking and manage pages', () => {
    expect(studioPath({ id, urlSlug: 'iron-rose-tattoo' }, 'manage')).toBe('/studio/iron-rose-tattoo/manage');
    expect(studioPath({ id, urlSlug: null }, 'booking')).toBe(`/studio/id/${id}/booking`);
  });
});

describe('artistPath', () => {
  it('uses the slug when there is one, else the id route, with the booking page', () => {
    expect(artistPath({ id, urlSlug: 'jonah-park' })).toBe('/artist/jonah-park');
    expect(artistPath({ id, urlSlug: null })).toBe(`/artist/id/${id}`);
    expect(artistPath({ id, urlSlug: null }, 'booking')).toBe(`/artist/id/${id}/booking`);
  });
});

describe('every studio and artist link goes through studioPath / artistPath', () => {
  it('no client or server file builds one by hand', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) return files(full);
        return /\.tsx?$/.test(name) && !name.endsWith('routeTree.gen.ts') ? [full] : [];
      });
    // A route's own path (createFileRoute('/_app/studio/$slug/…')) is not a link.
    const handBuilt = /(to=["'{]\s*["'`]?\/(studio|artist)\/\$(slug|id))|(["'`]\/(studio|artist)\/\$\{)|(urlSlug \?\? \w+\.id)/;
    const helpers = [join('server', 'domains', 'studios', 'rules.ts'), join('server', 'domains', 'artists', 'rules.ts')];
    const offenders = [...files('src'), ...files('server')].filter((f) => !helpers.includes(f) && handBuilt.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
