// Stripe.js from Stripe's own host (Stripe requires it be loaded from js.stripe.com), loaded once,
// only when the server has a publishable key. Only the calls the card form makes are typed.

export type StripeCardElement = {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (e: { error?: { message: string } }) => void): void;
};
export type StripeJs = {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(input: {
    type: 'card';
    card: StripeCardElement;
  }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
  /** Shows the card's 3-D Secure challenge for a PaymentIntent our server confirmed (requires_action). */
  handleNextAction(options: { clientSecret: string }): Promise<{ paymentIntent?: { status: string }; error?: { message?: string } }>;
};

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

let loading: Promise<StripeJs> | null = null;

export function loadStripe(publishableKey: string): Promise<StripeJs> {
  loading ??= new Promise<StripeJs>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe(publishableKey)) : reject(new Error('Stripe.js did not load')));
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
