import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { useBrowserApp } from '../support/browser';
import { createUser } from '../support/factories';

const app = useBrowserApp();

const PUBLIC_PAGES: Array<[string, string]> = [
  ['/', 'Create Together'],
  ['/pricing', 'Pricing'],
  ['/about', 'About InkLink'],
  ['/contact', 'Contact us'],
  ['/blog', 'Blog'],
  ['/login', 'Sign in'],
  ['/register', 'Create your account'],
  ['/forgot-password', 'Forgot your password?'],
  ['/no/such/page', 'Page not found'],
];

describe('accessibility (axe-core): no serious or critical violations', () => {
  it('the check itself catches a control without an accessible name', async () => {
    const page = await app.newPage();
    await page.goto(`${app.url}/about`);
    await page.getByRole('heading', { name: 'About InkLink' }).waitFor();
    await page.evaluate(() => document.querySelector('main')?.appendChild(document.createElement('button')));
    expect((await seriousViolations(page)).map((v) => v.id)).toContain('button-name');
  });

  for (const theme of ['dark', 'light'] as const) {
    it.each(PUBLIC_PAGES)(`public page %s (${theme} theme)`, async (path, heading) => {
      const page = await app.newPage();
      await page.goto(app.url);
      await page.evaluate((mode) => localStorage.setItem('theme-mode', mode), theme);
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('main signed-in pages', async () => {
    const user = await createUser({ userTypes: ['client', 'artist'] }, app.server.deps.db);
    const page = await app.newPage();
    await app.signInAs(page, user);
    const owner = app.server.client();
    await owner.auth.login.mutate({ email: user.email, password: user.password });
    const studio = await owner.studio.create.mutate({
      name: 'Axe Studio',
      address: '1 Test St',
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
      timezone: 'America/Los_Angeles',
      phone: '503-555-0101',
      email: 'axe@studio.test',
    });
    await owner.artist.saveMine.mutate({ name: 'Axe Artist', urlSlug: 'axe-artist', tattooStyles: ['Fine Line'] });
    const pages: Array<[string, string]> = [
      ['/', `Welcome, ${user.firstName}`],
      ['/account', 'Account'],
      ['/account/security', 'Account'],
      ['/account/artist', 'Account'],
      ['/studios', 'Studios'],
      [`/studio/${studio.urlSlug}`, 'Axe Studio'],
      [`/studio/${studio.urlSlug}/manage`, 'Manage Axe Studio'],
      ['/artists', 'Artists'],
      ['/artist/axe-artist', 'Axe Artist'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // The live-updates stream keeps a request open, so wait for spinners rather than network idle.
      await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
      const violations = await seriousViolations(page);
      expect({ path, violations }).toEqual({ path, violations: [] });
    }
  });
});
