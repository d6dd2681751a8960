import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('configuration defaults (CONTRACT.md)', () => {
  it('uses the contract origins at the default port', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appOrigin).toBe('http://localhost:3000');
    expect(config.adminOrigin).toBe('http://admin.localhost:3000');
  });

  it('derives unset origins from PORT', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(config.appOrigin).toBe('http://localhost:8080');
    expect(config.adminOrigin).toBe('http://admin.localhost:8080');
  });

  it('keeps explicit origins, without a trailing slash', () => {
    const config = loadConfig({ PORT: '8080', APP_ORIGIN: 'https://inklink.example/', ADMIN_ORIGIN: 'https://admin.inklink.example' });
    expect(config.appOrigin).toBe('https://inklink.example');
    expect(config.adminOrigin).toBe('https://admin.inklink.example');
  });

  it('refuses an admin origin the console is not served on (spec 2 §2: a host containing "admin." or "admin-")', () => {
    const refused = 'ADMIN_ORIGIN: must name a host containing "admin." or "admin-"';
    expect(() => loadConfig({ ADMIN_ORIGIN: 'https://console.inklink.example' })).toThrow(refused);
    expect(() => loadConfig({ ADMIN_ORIGIN: 'https://badminton.example' })).toThrow(/ADMIN_ORIGIN/);
    expect(loadConfig({ ADMIN_ORIGIN: 'https://inklink-admin.example.com' }).adminOrigin).toBe('https://inklink-admin.example.com');
  });

  it('keeps each plan’s trial unless SUBSCRIPTION_TRIAL_DAYS sets every plan’s (0: none), and refuses a negative or fractional one', () => {
    expect(loadConfig({}).subscriptionTrialDays).toBeNull();
    expect(loadConfig({ SUBSCRIPTION_TRIAL_DAYS: '0' }).subscriptionTrialDays).toBe(0);
    expect(loadConfig({ SUBSCRIPTION_TRIAL_DAYS: '7' }).subscriptionTrialDays).toBe(7);
    expect(() => loadConfig({ SUBSCRIPTION_TRIAL_DAYS: '-1' })).toThrow(/SUBSCRIPTION_TRIAL_DAYS/);
    expect(() => loadConfig({ SUBSCRIPTION_TRIAL_DAYS: '1.5' })).toThrow(/SUBSCRIPTION_TRIAL_DAYS/);
  });

  it('refuses an origin that is not a URL', () => {
    expect(() => loadConfig({ APP_ORIGIN: 'localhost' })).toThrow(/APP_ORIGIN/);
  });

  it('keeps 10 PostgreSQL connections unless DATABASE_POOL_SIZE says otherwise, and refuses a size that is not a positive integer', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('settles undecided card payments after 5 minutes unless PAYMENT_RECONCILE_AFTER_SECONDS says otherwise', () => {
    expect(loadConfig({}).paymentReconcileAfterMs).toBe(300_000);
    expect(loadConfig({ PAYMENT_RECONCILE_AFTER_SECONDS: '1' }).paymentReconcileAfterMs).toBe(1000);
    expect(() => loadConfig({ PAYMENT_RECONCILE_AFTER_SECONDS: '0' })).toThrow(/PAYMENT_RECONCILE_AFTER_SECONDS/);
  });
});
