/** A valid Create New Studio form (spec 1 §2), with overrides. */
export const studioInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Iron Rose Tattoo',
  address: '1200 SE Division St',
  city: 'Portland',
  state: 'OR' as const,
  zipCode: '97202',
  timezone: 'America/Los_Angeles',
  phone: '503-555-0100',
  email: 'hello@ironrose.test',
  openingHours: { monday: { open: true, start: '9:00', end: '17:00' } },
  lookingForGuest: true,
  ...overrides,
});
