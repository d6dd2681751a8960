import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

// The shapes the shop pages read, taken from the procedures themselves so they cannot drift.

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type PublicStorefront = Outputs['storefront']['byId'];
export type ManagedStorefront = Outputs['storefront']['mine'][number];
export type ProductView = Outputs['product']['search']['items'][number];
export type ProductDetail = Outputs['product']['byId'];
export type ProductSearchFilters = NonNullable<Inputs['product']['search']>;
export type StorefrontAnalytics = Outputs['storefront']['analytics'];
export type ProductPhoto = ProductView['photos'][number];
