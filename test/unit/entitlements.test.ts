import { describe, expect, it } from 'vitest';
import { entitlementsFrom, featuresOf, PLAN_FEATURES, upgradeMessage } from '../../server/domains/plans/rules';

const PRO = ['deposits', 'payment_requests', 'storefront', 'calendar_sync', 'unlimited_portfolio'];
const STUDIO = ['studio_members', 'walk_ins', 'studio_storefront', 'shared_calendar', 'studio_deposits'];

describe('entitlementsFrom (decision 042)', () => {
  it.each(['trialing', 'active', 'past_due'])('%s keeps the plan', (status) => {
    expect(entitlementsFrom([{ planId: 'artist_pro', status }], 'person')).toEqual({ plans: ['artist_pro'], features: PRO });
  });

  it.each(['canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'])('%s gives nothing', (status) => {
    expect(entitlementsFrom([{ planId: 'artist_pro', status }], 'person')).toEqual({ plans: [], features: [] });
    expect(entitlementsFrom([{ planId: 'studio', status }], 'studio')).toEqual({ plans: [], features: [] });
  });

  it('a Studio subscriber has the Artist Pro features; the studio has the Studio ones', () => {
    expect(entitlementsFrom([{ planId: 'studio', status: 'active' }], 'person').features).toEqual(PRO);
    expect(entitlementsFrom([{ planId: 'studio', status: 'active' }], 'studio').features).toEqual(STUDIO);
  });

  it('Artist Pro gives a studio nothing; unknown plans are ignored; duplicates count once', () => {
    expect(entitlementsFrom([{ planId: 'artist_pro', status: 'active' }], 'studio')).toEqual({ plans: ['artist_pro'], features: [] });
    expect(entitlementsFrom([{ planId: 'gold', status: 'active' }], 'person')).toEqual({ plans: [], features: [] });
    const twice = entitlementsFrom(
      [
        { planId: 'artist_pro', status: 'active' },
        { planId: 'artist_pro', status: 'past_due' },
        { planId: 'studio', status: 'canceled' },
      ],
      'person',
    );
    expect(twice).toEqual({ plans: ['artist_pro'], features: PRO });
  });

  it('the table: every feature belongs to one plan, and Studio includes all of Artist Pro', () => {
    expect(featuresOf('artist_pro')).toEqual(PRO);
    expect(featuresOf('studio')).toEqual([...PRO, ...STUDIO]);
    expect(Object.keys(PLAN_FEATURES)).toHaveLength(PRO.length + STUDIO.length);
  });

  it('the refusal names the plan', () => {
    expect(upgradeMessage('deposits')).toBe('Booking deposits: an Artist Pro feature. Upgrade to Artist Pro to use it.');
    expect(upgradeMessage('walk_ins')).toBe('Walk-ins: a Studio feature. Upgrade to Studio to use it.');
  });
});
