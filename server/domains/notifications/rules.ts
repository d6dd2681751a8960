import {
  type EscalationProfile,
  NOTIFICATION_CHANNEL_VALUES,
  type NotificationChannel,
  type NotificationPriority,
  type NotificationType,
} from '../../db/schema/notification-values';

// The spec's notification constants (spec 1 §9) as pure functions.

export const ESCALATION_MULTIPLIER: Record<EscalationProfile, number> = {
  instant: 0,
  urgent: 0.5,
  normal: 1,
  patient: 2,
  cost_sensitive: 4,
};

/** Minutes after creation for each channel; null = channel disabled for that type. */
export const CHANNEL_DELAY_MINUTES: Record<NotificationType, Record<NotificationChannel, number | null>> = {
  message_received: { in_app: 0, push: 0, email: 10, sms: 30 },
  invitation_studio: { in_app: 0, push: 0, email: 5, sms: 20 },
  invitation_event: { in_app: 0, push: 0, email: 5, sms: 20 },
  event_reminder: { in_app: 0, push: 0, email: 2, sms: 5 },
  event_updated: { in_app: 0, push: 0, email: 8, sms: 25 },
  booking_confirmed: { in_app: 0, push: 0, email: 3, sms: 15 },
  general_alert: { in_app: 0, push: 0, email: 15, sms: 60 },
};

/** The rows and columns of the preferences grid, in the spec's order: the lists of the schema. */
export {
  NOTIFICATION_CHANNEL_VALUES as NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPE_VALUES as NOTIFICATION_TYPES,
} from '../../db/schema/notification-values';

/** The escalation profile a type uses unless the caller picks one (event_reminder urgent, general_alert patient). */
export const DEFAULT_PROFILE: Record<NotificationType, EscalationProfile> = {
  message_received: 'normal',
  invitation_studio: 'normal',
  invitation_event: 'normal',
  event_reminder: 'urgent',
  event_updated: 'normal',
  booking_confirmed: 'normal',
  general_alert: 'patient',
};

export const DEFAULT_PRIORITY: Record<NotificationType, NotificationPriority> = {
  message_received: 'normal',
  invitation_studio: 'normal',
  invitation_event: 'normal',
  event_reminder: 'high',
  event_updated: 'normal',
  booking_confirmed: 'high',
  general_alert: 'normal',
};

/** Default preferences: message_received and event_updated on in_app and push; the rest add email. */
export function defaultChannels(type: NotificationType): NotificationChannel[] {
  return type === 'message_received' || type === 'event_updated' ? ['in_app', 'push'] : ['in_app', 'push', 'email'];
}

/**
 * Spec 1 §9: "sms disabled". No text-message provider is configured, so SMS is never scheduled
 * (config.smsEnabled), never offered, and refused where a caller names it.
 */
export const SMS_ENABLED = false;
export const SMS_DISABLED_MESSAGE = 'SMS is disabled: no text-message provider is configured, so an SMS cannot be delivered';

/** The channels a notification can be delivered on here: all of them but SMS while it is disabled. */
export const DELIVERABLE_CHANNELS = NOTIFICATION_CHANNEL_VALUES.filter((channel) => channel !== 'sms' || SMS_ENABLED);

export const INBOX_TYPES: NotificationType[] = ['message_received', 'invitation_studio', 'invitation_event'];
export const CALENDAR_TYPES: NotificationType[] = ['event_reminder', 'event_updated', 'booking_confirmed'];
export const MAX_ATTEMPTS = 3;
/** Spec 1 §9 "pending list 50": the due deliveries the dispatcher takes at once. */
export const PENDING_LIST_SIZE = 50;

/** When a channel is due: delay(type, channel) × multiplier(profile) minutes after creation. */
export function channelDelayMinutes(type: NotificationType, channel: NotificationChannel, profile: EscalationProfile) {
  const base = CHANNEL_DELAY_MINUTES[type][channel];
  if (base === null) return null;
  if (channel === 'in_app' || channel === 'push') return 0;
  return base * ESCALATION_MULTIPLIER[profile];
}

/** A path of this app, not another origin (a protocol-relative //host is refused). */
const appPath = (value: unknown) => (typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null);

/**
 * Where a notification opens: its own link (`data.link`, or `data.url`) when it has one; else the
 * spec's deep link for its type (spec 1 §2: /messages/{threadId}, /invitations/{invitationId},
 * /events/{eventId}, /bookings/{bookingId}, /orders/{orderId}) when the data names its target;
 * else the page that lists that kind of thing, so no notification opens a page that is not there.
 */
export function deepLink(type: NotificationType, data: Record<string, unknown>): string {
  const own = appPath(data.link) ?? appPath(data.url);
  if (own) return own;
  const id = (key: string) => (typeof data[key] === 'string' && data[key] ? encodeURIComponent(data[key] as string) : null);
  switch (type) {
    case 'message_received':
      return id('threadId') ? `/messages/${id('threadId')}` : '/messages';
    case 'invitation_studio':
    case 'invitation_event':
      return id('invitationId') ? `/invitations/${id('invitationId')}` : '/inbox';
    case 'event_reminder':
    case 'event_updated':
      return id('eventId') ? `/events/${id('eventId')}` : id('bookingId') ? `/bookings/${id('bookingId')}` : '/calendar';
    case 'booking_confirmed':
      return id('bookingId') ? `/bookings/${id('bookingId')}` : '/calendar';
    default:
      return id('orderId') ? `/orders/${id('orderId')}` : '/inbox';
  }
}
