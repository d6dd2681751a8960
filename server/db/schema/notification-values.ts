// The value lists of the notification tables. Pure, no ORM: the client reaches them through
// server/domains/notifications/rules.ts and server/domains/admin/inputs.ts.

export const NOTIFICATION_TYPE_VALUES = [
  'message_received',
  'invitation_studio',
  'invitation_event',
  'event_reminder',
  'event_updated',
  'booking_confirmed',
  'general_alert',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPE_VALUES)[number];

export const NOTIFICATION_CHANNEL_VALUES = ['in_app', 'push', 'email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNEL_VALUES)[number];

export const NOTIFICATION_PRIORITY_VALUES = ['low', 'normal', 'high', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITY_VALUES)[number];

export const NOTIFICATION_STATUS_VALUES = ['pending', 'sent', 'partial', 'failed', 'cancelled', 'expired'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUS_VALUES)[number];

export const ESCALATION_PROFILE_VALUES = ['instant', 'urgent', 'normal', 'patient', 'cost_sensitive'] as const;
export type EscalationProfile = (typeof ESCALATION_PROFILE_VALUES)[number];

export const DELIVERY_STATUS_VALUES = ['pending', 'scheduled', 'sending', 'sent', 'failed', 'cancelled', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUS_VALUES)[number];

export const DEVICE_TYPE_VALUES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPE_VALUES)[number];
