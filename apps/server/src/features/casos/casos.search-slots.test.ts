import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CASO_MESSAGES } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { expectLoggedError } from '../../../test/logged-errors';
import { TEXT_SEARCH_RETRY_AFTER_SECONDS } from './casos.list.service';

const isPostgres = process.env.TEST_DB === 'postgres';
let t: TestApp;

const filtro = (payload: Record<string, string>) => t.request('user', { method: 'POST', url: '/api/casos/filtro/?page=1&pageSize=20', payload });

async function until(condition: () => boolean) {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 500) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// PostgreSQL only: the test holds a search by locking `casos`; PGlite runs every statement in one
// session, so the lock would stop the sign-in check before any request reached a slot. The slots'
// rules themselves are shared/concurrency.test.ts's, on both.
describe.runIf(isPostgres)('text searches per node (docs/decisions/058)', () => {
  beforeAll(async () => {
    // One search at a time and one waiting (docs/decisions/058).
    t = await createTestApp({}, { textSearches: { running: 1, waiting: 1 } });
    await insertCaso(t.database.db, {});
  });
  afterAll(() => t?.close());

  it('runs one search, queues the next, refuses the one after with 503 and Retry-After; other lists do not wait for a slot', async () => {
    const slots = t.app.services.casos.textSearchSlots;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The cases table locked: the first search holds its slot until the lock goes.
    const holding = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table casos in access exclusive mode`);
      await released;
    });
    const first = filtro({ busquedaRapida: '28123456' });
    await until(() => slots().running === 1);
    const second = filtro({ apellido: 'a' });
    await until(() => slots().waiting === 1);
    const third = await filtro({ dominio: 'a' });
    expect(third.statusCode).toBe(503);
    expect(third.json()).toEqual({ message: CASO_MESSAGES.busquedaOcupada });
    expect(third.headers['retry-after']).toBe(String(TEXT_SEARCH_RETRY_AFTER_SECONDS));
    expectLoggedError(/unavailable: answered 503/);
    // A list that searches no text takes no slot: it waits only for the database.
    const estado = filtro({ estado: '1' });
    expect(slots()).toEqual({ running: 1, waiting: 1 });

    release();
    await holding;
    expect([(await first).statusCode, (await second).statusCode, (await estado).statusCode]).toEqual([200, 200, 200]);
    expect(slots()).toEqual({ running: 0, waiting: 0 });
    const again = await filtro({ busquedaRapida: '28123456' });
    expect([again.statusCode, again.json().totalRows]).toEqual([200, 1]);
  });
});
