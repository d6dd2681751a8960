import { sql } from 'drizzle-orm';
import { hashPassword } from '../../../server/auth/passwords';
import { type UserType, users } from '../../../server/db/schema';
import type { DemoSeedContext } from './index';

const DEMO_ACCOUNTS: Array<{
  role: keyof DemoSeedContext['users'];
  label: string;
  email: string;
  password: string;
  displayName: string;
  firstName: string;
  lastName: string;
  userTypes: UserType[];
  city: string;
  state: string;
}> = [
  { role: 'client', label: 'Client (collector)', email: 'client@demo.inklink.test', password: 'demo-client-2026', displayName: '@maya.collects', firstName: 'Maya', lastName: 'Reyes', userTypes: ['client'], city: 'Portland', state: 'OR' },
  { role: 'artist', label: 'Artist', email: 'artist@demo.inklink.test', password: 'demo-artist-2026', displayName: '@jonah.ink', firstName: 'Jonah', lastName: 'Park', userTypes: ['client', 'artist', 'Artist'], city: 'Portland', state: 'OR' },
  { role: 'owner', label: 'Studio owner', email: 'owner@demo.inklink.test', password: 'demo-owner-2026', displayName: '@ironrose.studio', firstName: 'Rosa', lastName: 'Iverson', userTypes: ['client', 'studio', 'Owner'], city: 'Portland', state: 'OR' },
  { role: 'admin', label: 'AppAdmin', email: 'admin@demo.inklink.test', password: 'demo-admin-2026', displayName: '@inklink.admin', firstName: 'Alex', lastName: 'Admin', userTypes: ['client', 'AppAdmin'], city: 'Seattle', state: 'WA' },
];

export async function seedAccounts(ctx: DemoSeedContext): Promise<DemoSeedContext['users']> {
  const result = {} as DemoSeedContext['users'];
  for (const account of DEMO_ACCOUNTS) {
    const { role, label, password, ...profile } = account;
    const [existing] = await ctx.deps.db
      .select({ id: users.id, email: users.email, displayName: users.displayName })
      .from(users)
      .where(sql`lower(${users.email}) = ${profile.email}`);
    const row =
      existing ??
      (
        await ctx.deps.db
          .insert(users)
          .values({ ...profile, passwordHash: await hashPassword(password), bio: `Demo ${label.toLowerCase()} account.` })
          .returning({ id: users.id, email: users.email, displayName: users.displayName })
      )[0];
    result[role] = row;
    ctx.accounts.push({ role: label, email: profile.email, password });
  }
  return result;
}
