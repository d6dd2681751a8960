import { ensureTemplate, testDatabaseUrl } from './databases';

/** Migrates the PostgreSQL template database once for the whole run. */
export default async function setup() {
  const url = testDatabaseUrl();
  if (url) await ensureTemplate(url);
}
