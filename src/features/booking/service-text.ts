import type { ServiceKind } from '../../../server/domains/booking/rules';
import { formatCents } from '../../../server/lib/money';

// How a booking service reads in the artist's settings and on the client's booking page.

export const SERVICE_KIND_TEXT: Record<ServiceKind, string> = {
  consultation: 'Consultation',
  session: 'Tattoo session',
  flash: 'Flash piece',
};

/** "Flash piece · 60 min · $150.00" (no price: quoted per request, or a free consultation). */
export function serviceSummary(service: { kind: ServiceKind; durationMinutes: number; price: number | null }) {
  return [SERVICE_KIND_TEXT[service.kind], `${service.durationMinutes} min`, service.price !== null ? formatCents(service.price) : null]
    .filter(Boolean)
    .join(' · ');
}
