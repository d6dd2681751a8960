/**
 * The one way to build a link to an artist (spec 1 route table): /artist/{urlSlug}[/booking] when
 * the profile has a slug, else /artist/id/{id}[/booking] (the slug route never matches an id).
 * `id` is the artist profile's id (what artist.byId takes).
 */
export function artistPath(artist: { id: string; urlSlug?: string | null }, section?: 'booking'): string {
  const base = artist.urlSlug ? `/artist/${encodeURIComponent(artist.urlSlug)}` : `/artist/id/${artist.id}`;
  return section ? `${base}/${section}` : base;
}
