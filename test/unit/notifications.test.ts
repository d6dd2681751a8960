import { describe, expect, it } from 'vitest';
import { ESCALATION_PROFILE_VALUES, NOTIFICATION_TYPE_VALUES } from '../../server/db/schema/notifications';
import { channelDelayMinutes, deepLink, defaultChannels } from '../../server/domains/notifications/rules';

// Spec 1 §9: base delays in minutes and the profile multipliers.
const EMAIL = {
  message_received: 10,
  invitation_studio: 5,
  invitation_event: 5,
  event_reminder: 2,
  event_updated: 8,
  booking_confirmed: 3,
  general_alert: 15,
};
const SMS = {
  message_received: 30,
  invitation_studio: 20,
  invitation_event: 20,
  event_reminder: 5,
  event_updated: 25,
  booking_confirmed: 15,
  general_alert: 60,
};
const MULTIPLIER = { instant: 0, urgent: 0.5, normal: 1, patient: 2, cost_sensitive: 4 };

describe('escalation schedule: delay(type, channel) × multiplier(profile)', () => {
  for (const type of NOTIFICATION_TYPE_VALUES) {
    for (const profile of ESCALATION_PROFILE_VALUES) {
      it(`${type} × ${profile}`, () => {
        expect(channelDelayMinutes(type, 'in_app', profile)).toBe(0);
        expect(channelDelayMinutes(type, 'push', profile)).toBe(0);
        expect(channelDelayMinutes(type, 'email', profile)).toBe(EMAIL[type] * MULTIPLIER[profile]);
        expect(channelDelayMinutes(type, 'sms', profile)).toBe(SMS[type] * MULTIPLIER[profile]);
      });
    }
  }
});

describe('default channels and deep links', () => {
  it('message_received and event_updated default to in_app and push; the rest add email', () => {
    expect(defaultChannels('message_received')).toEqual(['in_app', 'push']);
    expect(defaultChannels('event_updated')).toEqual(['in_app', 'push']);
    expect(defaultChannels('invitation_studio')).toEqual(['in_app', 'push', 'email']);
    expect(defaultChannels('general_alert')).toEqual(['in_app', 'push', 'email']);
  });
  it('builds the spec deep link per type', () => {
    expect(deepLink('message_received', { threadId: 't1' })).toBe('/messages/t1');
    expect(deepLink('invitation_event', { invitationId: 'i1' })).toBe('/invitations/i1');
    expect(deepLink('event_reminder', { eventId: 'e1' })).toBe('/events/e1');
    expect(deepLink('booking_confirmed', { bookingId: 'b1' })).toBe('/bookings/b1');
    expect(deepLink('general_alert', { orderId: 'o1' })).toBe('/orders/o1');
    expect(deepLink('invitation_studio', { invitationId: 'i2', link: '/invite/abc' })).toBe('/invite/abc');
  });
  it('opens the notification’s own link (link or url) first, never another origin', () => {
    expect(deepLink('general_alert', { orderId: 'o1', url: '/manage/storefront/s1/orders/o1' })).toBe('/manage/storefront/s1/orders/o1');
    expect(deepLink('general_alert', { productId: 'p1', url: '/storefront/s1/product/p1' })).toBe('/storefront/s1/product/p1');
    expect(deepLink('general_alert', { link: '//evil.example/x' })).toBe('/inbox');
    expect(deepLink('booking_confirmed', { bookingId: 'a/b' })).toBe('/bookings/a%2Fb');
  });
  it('without a target, opens the page that lists that kind of thing (never a page that is not there)', () => {
    expect(deepLink('message_received', {})).toBe('/messages');
    expect(deepLink('invitation_studio', {})).toBe('/inbox');
    expect(deepLink('invitation_event', {})).toBe('/inbox');
    expect(deepLink('event_reminder', {})).toBe('/calendar');
    expect(deepLink('event_updated', { bookingId: 'b1' })).toBe('/bookings/b1');
    expect(deepLink('booking_confirmed', {})).toBe('/calendar');
    expect(deepLink('general_alert', {})).toBe('/inbox');
  });
});
