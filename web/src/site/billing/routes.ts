import type { RouteObject } from 'react-router';
import { userLoader } from '../../lib/guards';

/** Where the payment gateways send the visitor back after checkout (issue 13). */
export const billingSiteRoutes: RouteObject[] = [
  { path: 'billing/success', loader: userLoader, lazy: () => import('./CheckoutResultPages').then((m) => ({ Component: m.SuccessPage })) },
  { path: 'billing/cancelled', lazy: () => import('./CheckoutResultPages').then((m) => ({ Component: m.CancelledPage })) },
];
