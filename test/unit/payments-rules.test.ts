import { describe, expect, it } from 'vitest';
import { createPaymentRequestInput, paymentMethodInput, subscribeInput } from '../../server/domains/payments/inputs';
import {
  canCloseRequest,
  canProcess,
  connectPaymentLimitProblem,
  connectProblem,
  connectStatusOf,
  initialRequestStatus,
  PAYMENT_REQUEST_STATUSES,
  breakdownOf,
  feesFor,
  MAX_REQUEST_CENTS,
  MIN_REQUEST_CENTS,
  paymentBreakdown,
  paymentRequestFees,
  refreshedRequestStatus,
  remainingSetupSteps,
  setupMinutes,
  trialDaysFor,
} from '../../server/domains/payments/rules';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('payment request fees (cents)', () => {
  it.each([
    // amount, processing (2.9% + 30), platform (1%, min 50 on the connect path), net (amount − platform)
    [10_000, 320, 100, 9_900],
    [100, 33, 50, 50],
    [1_000_000, 29_030, 10_000, 990_000],
    [2_550, 104, 50, 2_500],
    [12_345, 388, 123, 12_222],
    [7_250, 240, 73, 7_177],
  ])('%i → processing %i, platform %i, net %i', (amount, processingFee, platformFee, netAmount) => {
    expect(paymentRequestFees(amount)).toEqual({ processingFee, platformFee, netAmount });
  });
});

describe('fee breakdown: who pays what (decision 043)', () => {
  it.each([
    // the smallest and largest amounts the spec allows, both sides of $50, and half-cents
    [MIN_REQUEST_CENTS, 50, 33],
    [4_999, 50, 175], // 1% is $0.49(99): the $0.50 minimum applies below $50
    [5_000, 50, 175], // exactly $50: 1% equals the minimum
    [5_049, 50, 176], // 50.49¢ rounds down
    [5_050, 51, 176], // 50.5¢ (a half cent) rounds up; 2.9% = 146.45¢ rounds down
    [5_100, 51, 178], // exactly 1% above $50; 2.9% = 147.9¢
    [6_000, 60, 204], // the issue's $60: platform $0.60, processing $2.04 borne by the platform
    [500, 50, 45], // 2.9% of $5 = 14.5¢: the half cent rounds up
    [MAX_REQUEST_CENTS, 10_000, 29_030],
  ])('%i¢ on the connect path: platform %i¢, processing %i¢', (amount, platform, processing) => {
    const shown = paymentBreakdown(amount, 'connect');
    expect(shown.payerTotal).toBe(amount); // nothing is added on top of the amount asked
    expect(shown.fees).toEqual([
      { kind: 'processing', cents: processing, borneBy: 'platform' },
      { kind: 'platform', cents: platform, borneBy: 'recipient' },
    ]);
    expect(shown.recipientReceives).toBe(amount - platform);
    // The payer's total is split to the cent between the recipient and the fees deducted from them.
    const deducted = shown.fees.filter((f) => f.borneBy === 'recipient').reduce((sum, f) => sum + f.cents, 0);
    expect(shown.recipientReceives + deducted).toBe(shown.payerTotal);
    // The stored fees of a request give the same breakdown the form showed.
    expect(breakdownOf(amount, paymentRequestFees(amount))).toEqual(shown);
  });

  it('the platform path (deposits, plans) adds and deducts nothing: the payer pays the amount, the processing fee is ours', () => {
    expect(feesFor(2_000, 'platform')).toEqual({ processingFee: 88, platformFee: 0, netAmount: 2_000 });
    expect(paymentBreakdown(2_000, 'platform')).toEqual({
      payerTotal: 2_000,
      fees: [{ kind: 'processing', cents: 88, borneBy: 'platform' }],
      recipientReceives: 2_000,
    });
  });
});

describe('connect payment path limits', () => {
  it('refuses below $1 and above $10000 with the spec’s messages', () => {
    expect(connectPaymentLimitProblem(99)).toBe('Minimum payment amount is $1');
    expect(connectPaymentLimitProblem(1_000_001)).toBe('Maximum payment amount is $10000');
    expect(connectPaymentLimitProblem(100)).toBeNull();
    expect(connectPaymentLimitProblem(1_000_000)).toBeNull();
  });
});

describe('trial days (spec 2 §9)', () => {
  it('production is 30 days for both plans; development and testing are shorter; unknown plans get 14', () => {
    expect(trialDaysFor('artist_pro')).toBe(30);
    expect(trialDaysFor('studio')).toBe(30);
    expect(trialDaysFor('artist_pro', 'development')).toBe(3);
    expect(trialDaysFor('studio', 'development')).toBe(2);
    expect(trialDaysFor('studio', 'testing')).toBe(1);
    expect(trialDaysFor('gold')).toBe(14);
    expect(trialDaysFor('artist_pro', undefined)).toBe(30);
  });
});

describe('payment request status machine', () => {
  it('starts pending when the recipient can receive, otherwise recipient_setup', () => {
    expect(initialRequestStatus(true)).toBe('pending');
    expect(initialRequestStatus(false)).toBe('recipient_setup');
  });
  it('refresh moves recipient_setup → ready_to_pay and pending → recipient_setup, nothing else', () => {
    expect(refreshedRequestStatus('recipient_setup', true)).toBe('ready_to_pay');
    expect(refreshedRequestStatus('pending', false)).toBe('recipient_setup');
    expect(refreshedRequestStatus('recipient_setup', false)).toBe('recipient_setup');
    expect(refreshedRequestStatus('pending', true)).toBe('pending');
    for (const final of ['paid', 'declined', 'cancelled', 'ready_to_pay'] as const) {
      expect(refreshedRequestStatus(final, true)).toBe(final);
    }
  });
  it('only pending and ready_to_pay can be processed; paid, declined and cancelled are final', () => {
    expect(PAYMENT_REQUEST_STATUSES.filter(canProcess)).toEqual(['pending', 'ready_to_pay']);
    expect(PAYMENT_REQUEST_STATUSES.filter(canCloseRequest)).toEqual(['pending', 'recipient_setup', 'ready_to_pay']);
  });
});

describe('connect accounts', () => {
  const facts = { chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, pastDue: [] as string[], disabledReason: null };
  it('derives the status and the spec’s messages', () => {
    expect(connectStatusOf(null)).toBe('not_started');
    expect(connectProblem(null)).toBe('Payment account not set up');
    expect(connectStatusOf(facts)).toBe('pending');
    expect(connectProblem(facts)).toBe('Account setup not completed');
    expect(connectProblem({ ...facts, pastDue: ['external_account'] })).toBe('Required information is past due');
    expect(connectStatusOf({ ...facts, detailsSubmitted: true })).toBe('restricted');
    expect(connectProblem({ ...facts, detailsSubmitted: true })).toBe('Account is restricted');
    expect(connectStatusOf({ ...facts, disabledReason: 'rejected.fraud' })).toBe('disabled');
    const active = { ...facts, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true };
    expect(connectStatusOf(active)).toBe('active');
    expect(connectProblem(active)).toBeNull();
  });
  it('setup steps and time: 10 minutes without an account, 5 with an incomplete one, at least 1', () => {
    expect(remainingSetupSteps('not_started')).toEqual(['create_account', 'verify_identity', 'add_bank']);
    expect(setupMinutes(remainingSetupSteps('not_started'))).toBe(10);
    expect(setupMinutes(remainingSetupSteps('pending'))).toBe(5);
    expect(setupMinutes(remainingSetupSteps('active'))).toBe(1);
    expect(setupMinutes(['add_bank'])).toBe(2);
  });
});

describe('inputs carry the spec’s messages', () => {
  const request = {
    payeeId: '4f0c5a4e-7d1c-4c55-9a55-2f9b5f0e6a11',
    amount: 2500,
    description: 'Deposit',
    threadId: '4f0c5a4e-7d1c-4c55-9a55-2f9b5f0e6a12',
  };
  it.each([
    [{ payeeId: '' }, 'User ID is required'],
    [{ payeeId: undefined }, 'User ID is required'],
    [{ amount: 0 }, 'Amount must be greater than 0'],
    [{ amount: -5 }, 'Amount must be greater than 0'],
    [{ amount: 99 }, 'Minimum amount is $1.00'],
    [{ amount: 1_000_001 }, 'Maximum amount is $10,000.00'],
    [{ description: '   ' }, 'Description is required'],
    [{ description: 'x'.repeat(201) }, 'Description must be 200 characters or less'],
  ])('payment request %o → %s', (override, message) => {
    expect(firstMessage(createPaymentRequestInput.safeParse({ ...request, ...override }))).toBe(message);
  });
  it('accepts the bounds $1.00 and $10,000.00 and 200 characters', () => {
    expect(createPaymentRequestInput.safeParse({ ...request, amount: 100 }).success).toBe(true);
    expect(createPaymentRequestInput.safeParse({ ...request, amount: 1_000_000, description: 'x'.repeat(200) }).success).toBe(true);
  });
  it.each([
    [{}, 'Payment method ID is required'],
    [{ paymentMethodId: '' }, 'Payment method ID is required'],
    [{ paymentMethodId: 'card_123' }, 'Invalid payment method ID format'],
  ])('payment method %o → %s', (input, message) => {
    expect(firstMessage(paymentMethodInput.safeParse(input))).toBe(message);
  });
  it.each([
    [{ paymentMethodId: 'pm_card_visa' }, 'Price ID is required'],
    [{ priceId: '', paymentMethodId: 'pm_card_visa' }, 'Price ID is required'],
    [{ priceId: 'gold', paymentMethodId: 'pm_card_visa' }, 'Invalid plan selected'],
  ])('subscribe %o → %s', (input, message) => {
    expect(firstMessage(subscribeInput.safeParse(input))).toBe(message);
  });
});
