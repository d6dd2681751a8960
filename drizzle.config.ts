import { defineConfig } from 'drizzle-kit';

// Migrations are generated against the PostgreSQL dialect and applied unchanged on PGlite.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
