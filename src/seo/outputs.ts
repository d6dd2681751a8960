import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/router';

// The procedures' answers the public pages' loaders load: what the head builders read.
type Outputs = inferRouterOutputs<AppRouter>;
export type StudioData = Outputs['studio']['bySlug'];
export type ArtistData = Outputs['artist']['bySlug'];
export type ProductData = Outputs['product']['byId'];
export type StorefrontData = Outputs['storefront']['byId'];
export type BlogPostData = Outputs['blog']['bySlug'];
