import { IDEMPOTENT_MUTATIONS } from '@rhema/schemas';
import { describe, expect, it } from 'vitest';
import { restRoutes } from './routes';

describe('the REST table and the clients that retry', () => {
  it('lists as idempotent exactly the procedures of its PATCH, PUT and DELETE rows (clients retry those only)', () => {
    const idempotent = restRoutes
      .filter((row) => row.method === 'PATCH' || row.method === 'PUT' || row.method === 'DELETE')
      .map((row) => row.procedure);
    expect([...IDEMPOTENT_MUTATIONS].sort()).toEqual([...new Set(idempotent)].sort());
  });
});
