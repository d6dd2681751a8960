import { describe, expect, it } from 'vitest';
import { mainSiteOrigin } from '../../src/admin/location';

// "Go to Main Site" from the console: the admin host (spec 2 §2) without its admin part.

describe("the main site's origin, from the admin host", () => {
  it.each([
    ['admin.inklink.example', 'inklink.example'],
    ['inklink-admin.example.com', 'inklink.example.com'],
    ['admin-inklink.example', 'inklink.example'],
    ['admin.localhost', 'localhost'],
  ])('%s → %s, same scheme and port', (hostname, main) => {
    expect(mainSiteOrigin({ protocol: 'https:', hostname, port: '' })).toBe(`https://${main}`);
    expect(mainSiteOrigin({ protocol: 'http:', hostname, port: '3000' })).toBe(`http://${main}:3000`);
  });
});
