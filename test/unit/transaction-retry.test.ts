import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import type { AppDeps } from '../../server/deps';
import { type ServiceCtx, withTransaction } from '../../server/service-context';

// withTransaction runs a transaction again when PostgreSQL aborted it for a deadlock (40P01) or a
// serialization failure (40001), a bounded number of times, and only when it opened it.

/** A failure as drizzle reports it: the driver's error, with its SQLSTATE, as the cause. */
const pgFailure = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

/** A database whose transactions run fn, first failing with the given SQLSTATEs, in turn. */
function flakyDb(failures: string[]) {
  const state = { opened: 0 };
  const db = {
    async transaction(fn: (tx: unknown) => Promise<unknown>) {
      state.opened++;
      const result = await fn({});
      const code = failures.shift();
      if (code) throw pgFailure(code);
      return result;
    },
  } as unknown as Db;
  return { ctx: { db, user: null, deps: {} as AppDeps } satisfies ServiceCtx, state };
}

describe('withTransaction', () => {
  it('runs the whole transaction again after a deadlock or a serialization failure', async () => {
    const { ctx, state } = flakyDb(['40P01', '40001']);
    let runs = 0;
    expect(await withTransaction(ctx, async () => ++runs)).toBe(3);
    expect(state.opened).toBe(3);
  });

  it('gives up after 5 attempts with the database error', async () => {
    const { ctx, state } = flakyDb(Array(10).fill('40P01'));
    await expect(withTransaction(ctx, async () => 'never')).rejects.toMatchObject({ cause: { code: '40P01' } });
    expect(state.opened).toBe(5);
  });

  it('does not run again for other errors', async () => {
    const { ctx, state } = flakyDb(['23505']);
    await expect(withTransaction(ctx, async () => 'x')).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(state.opened).toBe(1);
  });

  it('leaves a nested call to the transaction that opened it', async () => {
    const { ctx, state } = flakyDb(['40P01']);
    let inner = 0;
    await withTransaction(ctx, async (tx) => {
      await withTransaction(tx, async () => inner++);
    });
    // The outer transaction ran twice, the inner call once per outer run (never on its own).
    expect({ opened: state.opened, inner }).toEqual({ opened: 2, inner: 2 });
  });
});
