import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { createAnnouncer } from '../../server/lib/announcer';

// The coalescing announcer (server/lib/announcer.ts) over a stand-in database that records each
// statement's notices and answers when the test says so.

type Notices = Array<[string, string]>;

function recordingDb() {
  const statements: Notices[] = [];
  const pending: Array<() => void> = [];
  let failNext = false;
  const db = {
    async execute(statement: { queryChunks: unknown[] }) {
      // The one parameter of notifyEach's statement is the JSON text of its notices.
      const json = statement.queryChunks.find((chunk): chunk is string => typeof chunk === 'string' && chunk.startsWith('[['));
      statements.push(JSON.parse(json ?? '[]') as Notices);
      await new Promise<void>((resolve) => pending.push(resolve));
      if (failNext) {
        failNext = false;
        throw new Error('connection refused');
      }
      return [];
    },
  } as unknown as Db;
  const answerAll = async () => {
    while (pending.length) pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve));
  };
  return { db, statements, answerAll, failNextStatement: () => (failNext = true) };
}

const warnings: unknown[] = [];
const logger = { warn: (...args: unknown[]) => void warnings.push(args) };

describe('announcer', () => {
  it('sends what is announced in one task as one statement, identical notices once', async () => {
    const { db, statements, answerAll } = recordingDb();
    const announcer = createAnnouncer(db, logger);
    announcer.announce('inklink_products', '');
    announcer.announce('inklink_events', '{"topic":"notification","userIds":["a"]}');
    announcer.announce('inklink_products', '');
    await new Promise((resolve) => setTimeout(resolve));
    expect(statements).toEqual([
      [
        ['inklink_products', ''],
        ['inklink_events', '{"topic":"notification","userIds":["a"]}'],
      ],
    ]);
    await answerAll();
    await announcer.flush();
    expect(statements).toHaveLength(1);
  });

  it('sends what is announced while a statement runs together in the next one, and nothing after that', async () => {
    const { db, statements, answerAll } = recordingDb();
    const announcer = createAnnouncer(db, logger);
    announcer.announce('c', '1');
    await new Promise((resolve) => setTimeout(resolve));
    for (const payload of ['2', '3', '2']) announcer.announce('c', payload);
    expect(statements).toHaveLength(1);
    await answerAll();
    expect(statements).toEqual([[['c', '1']], [['c', '2'], ['c', '3']]]);
    await answerAll();
    await announcer.flush();
    expect(statements).toHaveLength(2);
  });

  it('logs a statement that failed and keeps announcing (the writes themselves have committed)', async () => {
    const { db, statements, answerAll, failNextStatement } = recordingDb();
    const announcer = createAnnouncer(db, logger);
    warnings.length = 0;
    failNextStatement();
    announcer.announce('c', 'lost');
    await new Promise((resolve) => setTimeout(resolve));
    await answerAll();
    await announcer.flush();
    expect(warnings).toHaveLength(1);
    announcer.announce('c', 'next');
    await new Promise((resolve) => setTimeout(resolve));
    await answerAll();
    await announcer.flush();
    expect(statements).toEqual([[['c', 'lost']], [['c', 'next']]]);
  });
});
