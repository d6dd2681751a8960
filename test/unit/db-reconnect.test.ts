import { describe, expect, it } from 'vitest';
import { isConnectionLoss, isReadOnlyStatement } from '../../server/db/reconnect';

// Which statements may be sent again after a lost connection, and which errors mean one was lost.

describe('isReadOnlyStatement', () => {
  it.each([
    'select "id" from "users" where "users"."id" = $1 limit $2',
    '  SELECT 1',
    '(select 1) union (select 2)',
    'with recent as (select * from orders) select count(*) from recent',
    'select "deleted", "last_updated", "updated_at" from "users"',
  ])('reads: %s', (text) => expect(isReadOnlyStatement(text)).toBe(true));

  it.each([
    'insert into users (email) values ($1)',
    'update "users" set "bio" = $1',
    'delete from sessions where id = $1',
    'with moved as (update stock set n = n - 1 returning *) select * from moved',
    'select * from products where id = $1 for update',
    'select * from products where id = $1 for share',
    "select pg_notify('inklink_events', $1)",
    "select nextval('order_numbers')",
    'select pg_advisory_xact_lock(1)',
    'begin',
    'commit',
  ])('does not only read: %s', (text) => expect(isReadOnlyStatement(text)).toBe(false));
});

describe('isConnectionLoss', () => {
  it.each(['57P01', '57P02', '08006', 'CONNECTION_CLOSED', 'ECONNRESET'])('%s, also wrapped by Drizzle', (code) => {
    expect(isConnectionLoss({ code })).toBe(true);
    expect(isConnectionLoss(new Error('Failed query', { cause: Object.assign(new Error('lost'), { code }) }))).toBe(true);
  });

  it.each(['23505', '40001', '22P02', 'CONNECTION_ENDED', undefined])('not %s', (code) => expect(isConnectionLoss({ code })).toBe(false));
});
