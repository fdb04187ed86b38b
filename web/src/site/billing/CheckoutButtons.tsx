import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CheckoutGateway, Price } from '@app/contracts';
import { useAuth, useSetting } from '../../lib/auth';
import { loginPath } from '../../lib/guards';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { useCheckout } from './account-api';

/** The gateways the site sells through (each switched on in the subscriptions settings). */
export function useGateways(): CheckoutGateway[] {
  const stripe = useSetting<boolean>('client.billing.stripe.enable', false);
  const paypal = useSetting<boolean>('client.billing.paypal.enable', false);
  return [...(stripe ? ['stripe' as const] : []), ...(paypal ? ['paypal' as const] : [])];
}

const label = (g: CheckoutGateway) => (g === 'stripe' ? trans('Pay with card') : trans('Pay with PayPal'));
/** The button's name for a screen reader, with the plan it buys (each a whole string, so a translation can reorder it). */
const fullLabel = (g: CheckoutGateway | null, plan: string) =>
  g === null ? trans('Choose plan: :plan', { plan }) : g === 'stripe' ? trans('Pay with card: :plan', { plan }) : trans('Pay with PayPal: :plan', { plan });

/**
 * A plan card's buttons: one per enabled gateway (a single gateway reads "Choose plan"). A signed-out visitor goes to
 * login first and comes back to /pricing with the price and gateway in the URL, where checkout starts by itself.
 * With no gateway enabled (a fresh install, or the admin switched them off) the card says so where its button would be.
 */
export function CheckoutButtons({ price, plan, primary }: { price: Price; plan: string; primary: boolean }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const gateways = useGateways();
  const checkout = useCheckout();
  if (!gateways.length) {
    return (
      <p className="mt-auto rounded-md border border-dashed border-border px-3 py-2 text-center text-sm text-text-muted">
        {trans('Online payment is not available yet.')}
      </p>
    );
  }
  const start = (gateway: CheckoutGateway) => {
    if (user) return checkout.mutate({ price_id: price.id, gateway });
    const back = `/pricing?price=${price.id}&gateway=${gateway}`;
    void navigate(loginPath(back));
  };
  return (
    <div className="mt-auto flex flex-col gap-2">
      {gateways.map((g) => (
        <Button
          key={g}
          variant={primary ? 'primary' : 'outline'}
          disabled={checkout.isPending}
          aria-label={fullLabel(gateways.length > 1 ? g : null, plan)}
          onClick={() => start(g)}
        >
          {gateways.length > 1 ? label(g) : trans('Choose plan')}
        </Button>
      ))}
    </div>
  );
}

/** Back from login with ?price=&gateway=: start the checkout the visitor chose, once. */
export function useResumeCheckout() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const checkout = useCheckout();
  const started = useRef(false);
  const price = Number(params.get('price'));
  const gateway = params.get('gateway');
  useEffect(() => {
    if (started.current || !user || !Number.isInteger(price) || price < 1 || (gateway !== 'stripe' && gateway !== 'paypal')) return;
    started.current = true;
    checkout.mutate({ price_id: price, gateway });
  }, [user, price, gateway, checkout]);
}
