import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type CalendarIntegration, users } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { notFound } from '../../lib/errors';
import { randomToken } from '../../lib/ids';
import type { addCalendarIntegrationInput, updateCalendarIntegrationInput } from './inputs';

// Spec 1 §4: adding replaces any integration of the same provider; removal is by id; an update
// merges fields; and there is an "is it active" check per provider. The list lives on the user row
// and every change runs under a row lock so two tabs cannot interleave.

async function mutateIntegrations(ctx: ServiceCtx, change: (list: CalendarIntegration[]) => CalendarIntegration[]) {
  const me = requireUser(ctx);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db.select({ list: users.calendarIntegrations }).from(users).where(eq(users.id, me.id)).for('update');
    const next = change(row?.list ?? []);
    await tx.db.update(users).set({ calendarIntegrations: next, lastUpdated: ctx.deps.clock.now() }).where(eq(users.id, me.id));
    return next;
  });
}

export function addCalendarIntegration({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof addCalendarIntegrationInput> }) {
  const integration: CalendarIntegration = { ...input.settings, id: randomToken(10), provider: input.provider, isActive: input.isActive, updatedAt: ctx.deps.clock.now().toISOString() };
  return mutateIntegrations(ctx, (list) => [...list.filter((i) => i.provider !== input.provider), integration]);
}

export function removeCalendarIntegration({ ctx, input }: { ctx: ServiceCtx; input: { id: string } }) {
  return mutateIntegrations(ctx, (list) => {
    if (!list.some((i) => i.id === input.id)) throw notFound('Calendar integration not found');
    return list.filter((i) => i.id !== input.id);
  });
}

export function updateCalendarIntegration({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateCalendarIntegrationInput> }) {
  return mutateIntegrations(ctx, (list) => {
    if (!list.some((i) => i.id === input.id)) throw notFound('Calendar integration not found');
    return list.map((i) =>
      i.id === input.id
        ? { ...i, ...input.settings, ...(input.isActive === undefined ? {} : { isActive: input.isActive }), id: i.id, provider: i.provider, updatedAt: ctx.deps.clock.now().toISOString() }
        : i,
    );
  });
}

export async function hasActiveCalendarIntegration({ ctx, input }: { ctx: ServiceCtx; input: { provider: string } }) {
  const me = requireUser(ctx);
  const [row] = await ctx.db.select({ list: users.calendarIntegrations }).from(users).where(eq(users.id, me.id));
  return (row?.list ?? []).some((i) => i.provider === input.provider && i.isActive);
}
