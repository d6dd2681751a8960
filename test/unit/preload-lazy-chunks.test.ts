import { describe, expect, it } from 'vitest';
import { lazyChunkFiles } from '../../scripts/preload-lazy-chunks';

// admin.html names its lazy start and dashboard chunks with what they import: one level of module requests.

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({ type: 'chunk' as const, fileName, facadeModuleId, imports });

const bundle = {
  'assets/admin.js': chunk('assets/admin.js', '/app/src/admin/main.tsx', ['assets/helper.js']),
  'assets/helper.js': chunk('assets/helper.js', null),
  'assets/boot.js': chunk('assets/boot.js', '/app/src/admin/boot.tsx', ['assets/react.js', 'assets/theme.js']),
  // Rolldown's chunks can import each other in a cycle.
  'assets/react.js': chunk('assets/react.js', null, ['assets/theme.js']),
  'assets/theme.js': chunk('assets/theme.js', null, ['assets/react.js']),
  'assets/Dashboard.js': chunk('assets/Dashboard.js', '/app/src/admin/dashboard/DashboardTab.tsx', ['assets/react.js', 'assets/StatTile.js']),
  'assets/StatTile.js': chunk('assets/StatTile.js', null, ['assets/Card.js']),
  'assets/Card.js': chunk('assets/Card.js', null),
  'assets/UsersTab.js': chunk('assets/UsersTab.js', '/app/src/admin/management/UsersTab.tsx', ['assets/Table.js']),
  'assets/Table.js': chunk('assets/Table.js', null),
  'assets/style.css': { type: 'asset' as const },
};

describe('lazyChunkFiles', () => {
  it("lists each module's chunk and every chunk it imports statically (through cycles), once, and no other tab's", () => {
    expect(lazyChunkFiles(bundle, ['/app/src/admin/boot.tsx', '/app/src/admin/dashboard/DashboardTab.tsx'])).toEqual([
      'assets/boot.js',
      'assets/react.js',
      'assets/theme.js',
      'assets/Dashboard.js',
      'assets/StatTile.js',
      'assets/Card.js',
    ]);
  });

  it('fails the build when a module has no chunk of its own (renamed or no longer lazy)', () => {
    expect(() => lazyChunkFiles(bundle, ['/app/src/admin/dashboard/Dashboard.tsx'])).toThrow('no chunk for /app/src/admin/dashboard/Dashboard.tsx');
  });
});
