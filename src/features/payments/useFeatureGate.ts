import { type Feature, PLAN_FEATURES, type PlanId, upgradeMessage } from '../../../server/domains/plans/rules';
import { trpc } from '../../trpc';

/** What a locked feature's up-front UpgradePrompt says. */
export type LockedFeature = { plan: PlanId; message: string };

/**
 * Decision 042 up front: whether the signed-in person (or, for a Studio feature, the studio)
 * lacks `feature`, so a page shows the upgrade prompt in place of the action instead of after a
 * refusal. Null while loading or when the feature is held (a trial holds it): the action is
 * offered as before and the server's gate stays the rule. What already exists is the caller's to
 * keep showing.
 */
export function useLockedFeature(feature: Feature, studioId?: string): LockedFeature | null {
  const forStudio = PLAN_FEATURES[feature].plan === 'studio' && studioId !== undefined;
  const person = trpc.payment.entitlements.useQuery(undefined, { enabled: !forStudio });
  const studios = trpc.studio.myEntitlements.useQuery(undefined, { enabled: forStudio });
  const features = forStudio ? studios.data?.find((s) => s.studioId === studioId)?.features : person.data?.features;
  if (!features || features.includes(feature)) return null;
  return { plan: PLAN_FEATURES[feature].plan, message: upgradeMessage(feature) };
}

/** After a subscription changes: the subscriptions and what they unlock are read again, so prompts come and go. */
export function usePlansChanged() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.payment.subscriptions.invalidate(),
      utils.payment.entitlements.invalidate(),
      utils.studio.myEntitlements.invalidate(),
      // The booking settings carry the server's `depositsAllowed`.
      utils.booking.settings.invalidate(),
    ]);
}
