import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { artists, blogs, sessions, users } from '../../server/db/schema';
import { bookableArtist } from '../support/booking-fixtures';
import { BOTH_WIDTHS, horizontalOverflow, useBrowserApp } from '../support/browser';
import { ADDRESS, productInput } from '../support/commerce-fixtures';
import { createUser, signIn } from '../support/factories';
import { readyToReceive, signedInUser } from '../support/payments-fixtures';
import { studioInput } from '../support/studio-fixtures';

const app = useBrowserApp();

type Scan = { filled: number; overlaps: string[] };
type LabelWindow = { __scanLabels(whileMoving: boolean): Scan; __labelFlashes: Set<string> };

/**
 * Installed in every page before the app runs: `__scanLabels` finds the visible text fields and
 * selects that hold a value and whose label is drawn over it (the label is not moved up, or its box
 * crosses the value's text box), and a sampler records every such label in any painted frame, so a
 * label that slides up over a value already shown (a form filled after it was drawn) is caught too.
 */
function installLabelScanner() {
  const w = window as unknown as LabelWindow;
  w.__labelFlashes = new Set();
  w.__scanLabels = (whileMoving) => {
    const overlaps: string[] = [];
    let filled = 0;
    for (const control of Array.from(document.querySelectorAll<HTMLElement>('.MuiFormControl-root'))) {
      const label = control.querySelector<HTMLElement>(':scope > label');
      if (!label || label.offsetParent === null) continue;
      const shown = control.querySelector<HTMLElement>(
        '.MuiSelect-select, input:not([type=hidden]):not([aria-hidden=true]), textarea:not([aria-hidden=true])',
      );
      if (!shown) continue;
      const value =
        shown instanceof HTMLInputElement || shown instanceof HTMLTextAreaElement
          ? shown.value
          : (shown.textContent ?? '').replace(/\u200b/g, '').trim();
      if (!value) continue;
      filled++;
      // The value's text box: the input's box less its padding (an outlined field pads 16.5px).
      const a = label.getBoundingClientRect();
      const box = shown.getBoundingClientRect();
      const pad = getComputedStyle(shown);
      const b = {
        left: box.left + Number.parseFloat(pad.paddingLeft),
        right: box.right - Number.parseFloat(pad.paddingRight),
        top: box.top + Number.parseFloat(pad.paddingTop),
        bottom: box.bottom - Number.parseFloat(pad.paddingBottom),
      };
      const crosses = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const moving = label.getAnimations().some((animation) => animation.playState === 'running');
      if (label.dataset.shrink !== 'true' || (crosses && (whileMoving || !moving)))
        overlaps.push(
          `${label.textContent?.trim()} over "${value.slice(0, 30)}"${label.dataset.shrink === 'true' ? ' (sliding up over it)' : ''}`,
        );
    }
    return { filled, overlaps };
  };
  const sample = () => {
    // A field the user is typing in may hold text while its label is still sliding up: not a defect.
    if (!document.activeElement?.matches('input, textarea'))
      for (const overlap of w.__scanLabels(true).overlaps) w.__labelFlashes.add(overlap);
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

/** A page with the label scanner installed. */
async function scannedPage(width: number) {
  const page = await app.newPage({ width });
  await page.addInitScript(installLabelScanner);
  return page;
}

/** The fields holding a value now, and the labels drawn over a value now or in any frame since the last call. */
async function filledFields(page: Page): Promise<Scan> {
  return page.evaluate(() => {
    const w = window as unknown as LabelWindow;
    const now = w.__scanLabels(false);
    const overlaps = [...new Set([...now.overlaps, ...w.__labelFlashes])];
    w.__labelFlashes.clear();
    return { filled: now.filled, overlaps };
  });
}

async function labelsOverValues(page: Page): Promise<string[]> {
  return (await filledFields(page)).overlaps;
}

/** Waits until the page has loaded what it asked for and shows no spinner. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role=progressbar]')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {});
  await page.waitForTimeout(300);
}

/** Waits for the page to settle (its spinners gone), then returns the overlapping labels. */
async function overlapsOn(page: Page, ready: () => Promise<unknown>) {
  await ready();
  await page.waitForLoadState('networkidle');
  return labelsOverValues(page);
}

describe('labels sit above the values of filled fields (issue 19)', () => {
  for (const width of BOTH_WIDTHS) {
    it(`Account → Artist Profile, on load and after saving, at ${width}px`, async () => {
      const artist = await createUser(
        { userTypes: ['client', 'artist'], city: 'Portland', state: 'OR', bio: 'Fine line.' },
        app.server.deps.db,
      );
      await app.server.deps.db.insert(artists).values({
        userId: artist.id,
        name: 'Ada Ink',
        displayName: artist.displayName,
        urlSlug: `ada-${artist.id.slice(0, 8)}`,
        city: 'Portland',
        state: 'OR',
        bio: 'Fine line and blackwork.',
        tattooStyles: ['Fine Line'],
        socials: { instagram: '@ada.ink', website: 'https://ada.example' },
      });
      const page = await scannedPage(width);
      await app.signInAs(page, artist);
      await page.goto(`${app.url}/account/artist`);
      expect(await overlapsOn(page, () => page.getByLabel('Artist Name').and(page.locator('[value="Ada Ink"]')).waitFor())).toEqual([]);
      await page.getByRole('button', { name: 'Save Artist Profile' }).click();
      await page.getByText('Artist profile saved').waitFor();
      expect(await labelsOverValues(page)).toEqual([]);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      expect(await labelsOverValues(page)).toEqual([]);
      await page.getByRole('tab', { name: 'Profile', exact: true }).click();
      await page.getByRole('tab', { name: 'Artist Profile' }).click();
      expect(await overlapsOn(page, () => page.getByLabel('Artist Name').and(page.locator('[value="Ada Ink"]')).waitFor())).toEqual([]);
      await page.reload();
      expect(await overlapsOn(page, () => page.getByLabel('Artist Name').and(page.locator('[value="Ada Ink"]')).waitFor())).toEqual([]);
    });
  }
});

/**
 * Everyone's forms opened on filled data: an artist who owns a studio, a storefront with a product
 * and an order, a payout account and booking settings, and an AppAdmin with a blog post.
 */
async function filledWorld() {
  const { server } = app;
  const artist = await bookableArtist(server);
  await server.deps.db
    .update(users)
    .set({
      phone: '503-555-0142',
      city: 'Portland',
      state: 'OR',
      bio: 'Fine line.',
      socials: { instagram: '@ink', website: 'https://ink.example' },
    })
    .where(eq(users.id, artist.user.id));
  await server.deps.db
    .update(artists)
    .set({ city: 'Portland', state: 'OR', bio: 'Fine line and blackwork.', socials: { instagram: '@ink', website: 'https://ink.example' } })
    .where(eq(artists.userId, artist.user.id));
  await artist.client.studio.update
    .mutate({ id: artist.studio.id, description: 'A bright studio.', website: 'https://studio.example' })
    .catch(() => {});
  const storefront = await artist.client.storefront.create.mutate({
    name: 'Ink Supply',
    description: 'Aftercare and prints',
    settings: { shippingEnabled: true, shippingRate: 500, taxRate: 8.5, processingTimeBusinessDays: 3 },
  });
  const product = await artist.client.product.create.mutate(
    productInput(storefront.id, { inventory: { trackInventory: true, quantity: 12, lowStockThreshold: 3 } }),
  );
  const buyer = await signedInUser(server);
  const order = await buyer.client.order.checkout.mutate({
    storefrontId: storefront.id,
    items: [{ productId: product.id, quantity: 1 }],
    shippingAddress: ADDRESS,
  });
  await artist.client.order.setTracking.mutate({ orderId: order.id, trackingNumber: '1Z999AA10123456784' }).catch(() => {});
  await readyToReceive(artist.client);
  const admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, server.deps.db);
  await server.deps.db.insert(blogs).values({
    title: 'Healing 101',
    slug: `healing-${artist.user.id.slice(0, 6)}`,
    excerpt: 'Care.',
    content: 'Wash gently.',
    category: 'Aftercare',
    tags: ['care'],
  });
  return { artist, storefront, product, order, admin };
}

describe('no label is drawn over a filled field, in any form of the app (issue 19)', () => {
  for (const width of BOTH_WIDTHS) {
    it(`account sections, studio management, storefront management and the admin edit dialogs at ${width}px`, async () => {
      const { artist, storefront, product, order, admin } = await filledWorld();
      const page = await scannedPage(width);
      await app.signInAs(page, artist.user);
      const found: Record<string, string[]> = {};
      const filledOn: string[] = [];
      const pages: Array<[string, string]> = [
        ['Account → Profile', '/account'],
        ['Account → Security', '/account/security'],
        ['Account → Artist Profile', '/account/artist'],
        ['Account → Booking', '/account/booking'],
        ['Account → Notifications', '/account/notifications'],
        ['Account → Storefront', '/account/storefront'],
        ['Account → Billing', '/account/billing'],
        ['Account → Payments', '/account/payments'],
        ['Studio management', `/studio/id/${artist.studio.id}/manage`],
        ['Storefront settings', `/manage/storefront/${storefront.id}/settings`],
        ['Product form', `/manage/storefront/${storefront.id}/products/${product.id}/edit`],
        ['Order (tracking)', `/manage/storefront/${storefront.id}/orders/${order.id}`],
        ['Inventory', `/manage/storefront/${storefront.id}/inventory`],
      ];
      for (const [name, path] of pages) {
        await page.goto(`${app.url}${path}`);
        await settled(page);
        const { filled, overlaps } = await filledFields(page);
        if (filled) filledOn.push(name);
        if (overlaps.length) found[name] = overlaps;
      }
      // Forms behind a button: studio management's collapsed sections.
      await page.goto(`${app.url}/studio/id/${artist.studio.id}/manage`);
      await settled(page);
      for (const section of await page.getByRole('button', { expanded: false }).all()) await section.click().catch(() => {});
      await settled(page);
      const studioSections = await labelsOverValues(page);
      if (studioSections.length) found['Studio management (every section open)'] = studioSections;

      const adminPage = await scannedPage(width);
      await adminPage.goto(app.adminUrl);
      await adminPage.getByLabel('Email').fill(admin.email);
      await adminPage.getByLabel('Password').fill(admin.password);
      await adminPage.getByRole('button', { name: 'Sign In to Admin Dashboard' }).click();
      await adminPage.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      const dialogs: Array<[string, string, RegExp]> = [
        ['User Management', 'users', /^Edit /],
        ['Artist Management', 'artists', /^Edit /],
        ['Studio Management', 'studios', /^Edit /],
        ['Storefront Management', 'storefronts', /^Edit /],
        ['Blog Management', 'blogs', /^Edit Healing 101/],
      ];
      for (const [tab, key, edit] of dialogs) {
        await adminPage.goto(`${app.adminUrl}/dashboard?tab=${key}`);
        await settled(adminPage);
        await adminPage.getByRole('button', { name: edit }).first().click();
        await adminPage.getByRole('dialog').waitFor();
        await settled(adminPage);
        const { filled, overlaps } = await filledFields(adminPage);
        if (filled) filledOn.push(`Admin ${tab} edit dialog`);
        if (overlaps.length) found[`Admin ${tab} edit dialog`] = overlaps;
      }
      expect(found).toEqual({});
      // The forms were judged holding their data (not empty while still loading).
      expect(filledOn).toEqual(
        expect.arrayContaining([
          'Account → Profile',
          'Account → Artist Profile',
          'Account → Booking',
          'Studio management',
          'Storefront settings',
          'Product form',
          ...dialogs.map(([tab]) => `Admin ${tab} edit dialog`),
        ]),
      );
    });
  }
});

/** Every console error and every failed API answer the page meets. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/trpc'))
      errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

const tabsOf = async (page: Page) =>
  (await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab').allTextContents()).map((t) => t.trim());

describe('Account shows each section to the people it is for (issue 19)', () => {
  const roles: Array<[string, () => Promise<{ email: string; password: string }>, string[]]> = [
    ['client', () => createUser({}, app.server.deps.db), ['Profile', 'Security', 'Notifications', 'Storefront', 'Billing']],
    [
      'client with a payout account',
      async () => {
        const payee = await signedInUser(app.server);
        await readyToReceive(payee.client);
        return payee.user;
      },
      ['Profile', 'Security', 'Notifications', 'Storefront', 'Billing', 'Payments'],
    ],
    [
      'artist',
      () => createUser({ userTypes: ['client', 'artist'] }, app.server.deps.db),
      ['Profile', 'Security', 'Artist Profile', 'Booking', 'Notifications', 'Storefront', 'Billing', 'Payments'],
    ],
    [
      'studio owner',
      async () => {
        const owner = await signedInUser(app.server, { userTypes: ['client', 'studio'] });
        await owner.client.studio.create.mutate(studioInput({ name: `Owner Studio ${owner.user.id.slice(0, 6)}` }));
        return owner.user;
      },
      ['Profile', 'Security', 'Notifications', 'Storefront', 'Billing', 'Payments'],
    ],
  ];
  for (const width of BOTH_WIDTHS) {
    for (const [role, make, expected] of roles) {
      it(`${role === 'artist' ? 'an' : 'a'} ${role} sees ${expected.length} sections, each opens without an error, at ${width}px`, async () => {
        const user = await make();
        const page = await app.newPage({ width });
        const errors = watchErrors(page);
        await app.signInAs(page, user);
        await page.goto(`${app.url}/account`);
        await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
        expect(await tabsOf(page)).toEqual(expected);
        for (const tab of expected) {
          await page.getByRole('tab', { name: tab, exact: true }).click();
          await settled(page);
          expect(await tabsOf(page)).toEqual(expected);
        }
        expect(errors).toEqual([]);
        expect(await horizontalOverflow(page)).toBe(0);
      });
    }

    it(`an artist without an artist profile is sent to make one before booking settings, without a 403, at ${width}px`, async () => {
      const artist = await createUser({ userTypes: ['client', 'artist'] }, app.server.deps.db);
      const page = await app.newPage({ width });
      const errors = watchErrors(page);
      await app.signInAs(page, artist);
      await page.goto(`${app.url}/account/booking`);
      await page.getByText('Create your artist profile first (Account → Artist Profile)').waitFor();
      expect(errors).toEqual([]);
    });

    it(`an unknown section, or one not for this user, is the not-found page without a console error, at ${width}px`, async () => {
      const client = await createUser({}, app.server.deps.db);
      const page = await app.newPage({ width });
      const errors = watchErrors(page);
      await app.signInAs(page, client);
      for (const section of ['nonsense', 'booking', 'artist', 'payments']) {
        await page.goto(`${app.url}/account/${section}`);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
        expect(await page.getByText('Coming soon').count()).toBe(0);
      }
      expect(errors).toEqual([]);
    });
  }
});

describe('Account → Security names the signed-in devices (issue 19)', () => {
  for (const width of BOTH_WIDTHS) {
    it(`shows "Chrome on Linux · IP", marks this device, and no raw user-agent, at ${width}px`, async () => {
      const user = await createUser({}, app.server.deps.db);
      const phone = app.server.client();
      await signIn(phone, user);
      await app.server.deps.db
        .update(sessions)
        .set({
          userAgent:
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
        })
        .where(eq(sessions.userId, user.id));
      const page = await app.newPage({ width });
      await app.signInAs(page, user);
      await page.goto(`${app.url}/account/security`);
      const devices = page.getByRole('list', { name: 'Signed-in devices' });
      const here = devices.getByRole('listitem').filter({ hasText: 'This device' });
      await here.getByText(/^Chrome on Linux · \S+/).waitFor();
      await devices
        .getByRole('listitem')
        .filter({ hasText: 'Safari on iOS' })
        .getByRole('button', { name: /^Revoke session Safari on iOS/ })
        .waitFor();
      expect(await devices.getByRole('listitem').count()).toBe(2);
      expect(await devices.textContent()).not.toMatch(/Mozilla|AppleWebKit/);
      // The Revoke button sits beside the session's text, never over it (at 390 px it once covered "last active").
      const other = devices.getByRole('listitem').filter({ hasText: 'Safari on iOS' });
      const button = await other.getByRole('button').boundingBox();
      const text = await other.getByText(/^Signed in /).boundingBox();
      expect(button && text && text.x + text.width <= button.x + 1).toBe(true);
      expect(await horizontalOverflow(page)).toBe(0);
    });
  }
});

describe('the home page greets a first visit as one (issue 19)', () => {
  for (const width of BOTH_WIDTHS) {
    it(`says "Welcome, <first name>" on the first visit and "Welcome back" on a later one, at ${width}px`, async () => {
      const user = await createUser({ firstName: 'Ruth', lastName: 'Ink' }, app.server.deps.db);
      const first = await app.newPage({ width });
      await app.signInAs(first, user);
      await first.goto(app.url);
      await first.getByRole('heading', { name: 'Welcome, Ruth', level: 1 }).waitFor();
      await first.waitForLoadState('networkidle');
      expect(await first.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome, Ruth');
      const later = await app.newPage({ width });
      await app.signInAs(later, user);
      await later.goto(app.url);
      await later.getByRole('heading', { name: 'Welcome back, Ruth', level: 1 }).waitFor();
      expect(await horizontalOverflow(later)).toBe(0);
    });

    it(`greets by display name when there is no first name, at ${width}px`, async () => {
      const user = await createUser({ firstName: '' }, app.server.deps.db);
      const page = await app.newPage({ width });
      await app.signInAs(page, user);
      await page.goto(app.url);
      await page.getByRole('heading', { name: `Welcome, ${user.displayName}`, level: 1 }).waitFor();
    });
  }
});
