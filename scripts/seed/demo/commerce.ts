import { and, eq, inArray, sql } from 'drizzle-orm';
import { productPhotos, products, shops, shopUsers, storefronts } from '../../../server/db/schema';
import { cancelOrder } from '../../../server/domains/orders/service/cancel';
import { checkout } from '../../../server/domains/orders/service/checkout';
import { markDelivered, setTracking, updateOrderStatus } from '../../../server/domains/orders/service/transitions';
import { createProduct } from '../../../server/domains/products/service';
import { createStorefront } from '../../../server/domains/storefronts/service';
import { completeLocalOnboarding, createConnectAccount } from '../../../server/domains/payments/connect/service';
import { isLocalProvider } from '../../../server/providers/payments/local';
import { requireUser } from '../../../server/service-context';
import { LOCAL_TEST_PAYMENT_METHODS } from '../../../server/providers/payments/types';
import { uploadProductPhoto } from '../../../server/domains/products/photos/service';
import { serviceCtxFor, toJpeg, twoAtATime } from './artists';
import { PALETTES, productPhoto, randomSource } from './artwork';
import type { DemoSeedContext } from './index';

type ProductFields = Parameters<typeof createProduct>[0]['input'];
type ProductSeed = Partial<ProductFields> & Pick<ProductFields, 'name' | 'price'>;
const PRODUCT_DEFAULTS = {
  description: '',
  category: null,
  tags: [],
  featured: false,
  status: 'active',
  inventory: {},
  variants: [],
  customizationOptions: [],
} satisfies Omit<ProductFields, 'storefrontId' | 'name' | 'price'>;

const ADDRESS = {
  name: 'Maya Reyes',
  line1: '2231 SE Belmont St',
  city: 'Portland',
  state: 'OR' as const,
  zipCode: '97214',
  country: 'US' as const,
};

/**
 * Iron Rose Tattoo's storefront (aftercare, prints, tees with sizes and a name print; one low on
 * stock, one draft) and the demo artist's own flash-print shop; the demo client has orders in
 * every state (placed, confirmed, shipped, delivered, cancelled and refunded). Everything goes
 * through the real services, so prices, stock, analytics and notifications are what the app
 * would make. The demo artist manages the studio's store (canManageStore).
 */
export async function seedCommerce(ctx: DemoSeedContext) {
  const { owner, artist, client } = ctx.users;
  const [shop] = await ctx.deps.db.select({ id: shops.id }).from(shops).where(eq(shops.urlSlug, 'iron-rose-tattoo'));
  if (!shop) return;
  const [existing] = await ctx.deps.db
    .select({ id: storefronts.id })
    .from(storefronts)
    .where(and(eq(storefronts.ownerId, shop.id), eq(storefronts.deleted, false)));
  if (existing) return addMissingPhotos(ctx, [shop.id, artist.id]);
  await ctx.deps.db
    .update(shopUsers)
    .set({ canManageStore: true })
    .where(and(eq(shopUsers.shopId, shop.id), eq(shopUsers.userId, artist.id)));

  const asOwner = await serviceCtxFor(ctx, owner.id);
  const asArtist = await serviceCtxFor(ctx, artist.id);
  const asClient = await serviceCtxFor(ctx, client.id);

  // Decision 038: card sales are paid into the studio owner's payout account. Local mode onboards
  // it before the storefront opens, which then starts with cards on; with Stripe the owner onboards
  // on Stripe's page, so the storefront starts with cards off and the demo orders are cash.
  const cardsTaken = isLocalProvider(ctx.deps.payments);
  if (cardsTaken) {
    const holder = { ...asOwner, user: requireUser(asOwner) };
    const account = await createConnectAccount({ ctx: holder });
    await completeLocalOnboarding({ ctx: holder, input: { accountId: account.accountId ?? '' } });
  }
  const store = await createStorefront({
    ctx: asOwner,
    input: {
      ownerType: 'shop',
      ownerId: shop.id,
      name: 'Iron Rose Supply',
      description: 'Aftercare we use in the studio, prints of our flash and studio merch.',
      settings: { taxRate: 0, shippingRate: 599, freeShippingThreshold: 7500 },
    },
  });

  const product = (input: ProductSeed, storefrontId = store.id, who = asOwner) =>
    createProduct({ ctx: who, input: { ...PRODUCT_DEFAULTS, storefrontId, ...input } });
  const balm = await product({
    name: 'Healing Balm',
    description: 'Unscented shea and calendula balm for the first two weeks.',
    price: 1400,
    category: 'aftercare',
    tags: ['aftercare', 'healing'],
    featured: true,
    inventory: { trackInventory: true, quantity: 40, lowStockThreshold: 8 },
  });
  const tee = await product({
    name: 'Iron Rose Tee',
    description: 'Heavyweight cotton tee with the rose-and-dagger back print.',
    price: 3000,
    category: 'apparel',
    tags: ['merch', 'cotton'],
    featured: true,
    inventory: { trackInventory: true, quantity: 24, lowStockThreshold: 5 },
    variants: [
      {
        name: 'Size',
        options: [
          { name: 'S', priceModifier: 0 },
          { name: 'M', priceModifier: 0 },
          { name: 'L', priceModifier: 0 },
          { name: 'XXL', priceModifier: 400 },
        ],
      },
    ],
    customizationOptions: [{ name: 'Name on sleeve', priceModifier: 500 }],
  });
  const print = await product({
    name: 'Swallow Flash Print',
    description: 'A4 giclée print of the swallow flash sheet, signed.',
    price: 2500,
    category: 'prints',
    tags: ['flash', 'art'],
    inventory: { trackInventory: true, quantity: 4, lowStockThreshold: 5 },
  });
  await product({ name: 'Gift Card', description: 'Good for tattoos and merch.', price: 5000, category: 'gift-cards', tags: ['gift'] });
  await product({ name: 'Winter Hoodie', description: 'Coming soon.', price: 5500, category: 'apparel', status: 'draft' });

  const artistStore = await createStorefront({
    ctx: asArtist,
    input: { ownerType: 'user', name: 'Jonah Park Flash', description: 'Botanical flash sheets and stickers.', settings: {} },
  });
  await product(
    {
      name: 'Fern Sticker Pack',
      description: 'Five vinyl fern stickers.',
      price: 800,
      category: 'stickers',
      tags: ['stickers', 'botanical'],
      featured: true,
    },
    artistStore.id,
    asArtist,
  );

  const size = (name: string) => ({
    variantId: tee.variants[0].id,
    optionId: tee.variants[0].options.find((o) => o.name === name)?.id ?? '',
  });
  const buy = (items: Parameters<typeof checkout>[0]['input']['items'], card = cardsTaken) =>
    checkout({
      ctx: asClient,
      input: {
        storefrontId: store.id,
        items,
        fulfillmentMethod: 'shipping',
        shippingAddress: ADDRESS,
        ...(card ? { paymentMethodId: LOCAL_TEST_PAYMENT_METHODS.succeeds } : {}),
      },
    });
  const delivered = await buy([
    { productId: balm.id, quantity: 2, variants: [], customizations: [] },
    { productId: print.id, quantity: 1, variants: [], customizations: [] },
  ]);
  await setTracking({ ctx: asOwner, input: { orderId: delivered.id, trackingNumber: '9400111899223100001234' } });
  await markDelivered({ ctx: asOwner, input: { orderId: delivered.id } });
  const shipped = await buy([
    {
      productId: tee.id,
      quantity: 1,
      variants: [size('XXL')],
      customizations: [{ optionId: tee.customizationOptions[0].id, value: 'MAYA' }],
    },
  ]);
  await updateOrderStatus({ ctx: asArtist, input: { orderId: shipped.id, status: 'processing', sellerNotes: 'Sleeve print queued' } });
  await setTracking({ ctx: asArtist, input: { orderId: shipped.id, trackingNumber: '1Z999AA10123456784' } });
  await buy([{ productId: tee.id, quantity: 2, variants: [size('M')], customizations: [] }]);
  const refunded = await buy([{ productId: print.id, quantity: 1, variants: [], customizations: [] }]);
  await cancelOrder({ ctx: asOwner, input: { orderId: refunded.id, reason: 'Print damaged in the studio; refunded in full.' } });
  await buy([{ productId: balm.id, quantity: 1, variants: [], customizations: [] }], false);

  await addMissingPhotos(ctx, [shop.id, artist.id]);
  ctx.log(
    `  storefronts: ${store.name} (5 products, 5 orders in every state) and ${artistStore.name}; ${artist.displayName} manages the studio store`,
  );
}

const PHOTO_KINDS = ['balm', 'tee', 'print', 'gift-card', 'hoodie', 'stickers'] as const;
type PhotoKind = (typeof PHOTO_KINDS)[number];
const PHOTO_OF: Record<string, PhotoKind> = {
  'Healing Balm': 'balm',
  'Iron Rose Tee': 'tee',
  'Swallow Flash Print': 'print',
  'Gift Card': 'gift-card',
  'Winter Hoodie': 'hoodie',
  'Fern Sticker Pack': 'stickers',
};

/**
 * The demo products' photos, drawn at seed time and uploaded to each product through the real
 * product photo pipeline by its seller (the studio owner, or the artist for his own store). Also
 * gives photos to the products of a data directory seeded before they had them.
 */
async function addMissingPhotos(ctx: DemoSeedContext, storeOwnerIds: string[]) {
  const demoStores = ctx.deps.db.select({ id: storefronts.id }).from(storefronts).where(inArray(storefronts.ownerId, storeOwnerIds));
  const bare = (
    await ctx.deps.db
      .select({ id: products.id, name: products.name, storeOwnerId: storefronts.ownerId })
      .from(products)
      .innerJoin(storefronts, eq(storefronts.id, products.storefrontId))
      .where(
        and(
          inArray(products.storefrontId, demoStores),
          sql`not exists (select 1 from ${productPhotos} where ${productPhotos.productId} = ${products.id})`,
        ),
      )
  ).filter((p) => PHOTO_OF[p.name]);
  if (bare.length === 0) return;
  const asOwner = await serviceCtxFor(ctx, ctx.users.owner.id);
  const asArtist = await serviceCtxFor(ctx, ctx.users.artist.id);
  const random = randomSource(77);
  const drawn = new Map(PHOTO_KINDS.map((kind, i) => [kind, productPhoto(random, PALETTES[i % PALETTES.length], kind)]));
  await twoAtATime(
    bare.map((p) => async () => {
      const bytes = await toJpeg(drawn.get(PHOTO_OF[p.name]) as Buffer);
      const seller = p.storeOwnerId === ctx.users.artist.id ? asArtist : asOwner;
      await uploadProductPhoto({ ctx: seller, input: { productId: p.id, altText: `${p.name}, product photo` }, bytes });
    }),
  );
  ctx.log(`  photos for ${bare.length} demo products`);
}
