/** The query /events/{eventId} loads: a calendar event is a booking, seen by its parties and the studio's staff. */
export const eventQuery = (eventId: string) => ({ bookingId: eventId });
