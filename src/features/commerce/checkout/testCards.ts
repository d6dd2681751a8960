// The payment method ids the local payments provider (the default when Stripe is not
// configured) understands: Stripe's own test ids, so they behave the same against Stripe in test
// mode. The client may not import the provider module; test/unit/commerce-cart.test.ts checks
// that these stay equal to LOCAL_TEST_PAYMENT_METHODS.

export const TEST_CARDS = [
  { id: 'pm_card_visa', label: 'Visa ending 4242 (succeeds)' },
  { id: 'pm_card_mastercard', label: 'Mastercard ending 4444 (succeeds)' },
  { id: 'pm_card_chargeDeclined', label: 'Visa ending 0002 (declined)' },
  { id: 'pm_card_chargeDeclinedInsufficientFunds', label: 'Visa ending 9995 (insufficient funds)' },
  { id: 'pm_card_chargeCustomerFail', label: 'Visa ending 0341 (saves, then every charge fails)' },
  { id: 'pm_card_threeDSecure2Required', label: 'Visa ending 3220 (asks for 3-D Secure)' },
] as const;
