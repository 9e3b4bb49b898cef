import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { startTestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

/**
 * Earlier versions made a demo owner and key on an operator's database too, and printed both. A start
 * on such a database retires them: the key is revoked, the printed password no longer logs in.
 */
describe('the demo secrets earlier versions printed on DATABASE_URL', () => {
  it('are retired at the next start: the demo key is revoked and the printed password is cleared', async () => {
    const db = await createTestDatabase();
    try {
      const first = await startTestApp({}, { db });
      // What an earlier version left: the demo account, its key and owner, their sealed settings.
      const demo = await first.app.services.ensureDemoAccount.execute();
      const user = await first.app.services.ensureDemoUser.execute(demo.accountId);
      expect(user.password).not.toBeNull();
      expect((await request(first.url, 'GET', '/v1/emitters', { key: demo.testKey })).status).toBe(200);
      await first.stop();

      const second = await startTestApp({}, { db, account: first.account });
      try {
        expect((await request(second.url, 'GET', '/v1/emitters', { key: demo.testKey })).status).toBe(401);
        expect((await request(second.url, 'POST', '/v1/auth/login', { body: { email: user.email, password: user.password }, idempotencyKey: null })).status).toBe(401);
        expect(await dbRows(db.url, "select key from service_settings where key in ('demo_account', 'demo_user')")).toEqual([]);
        expect(await dbRows(db.url, 'select password_hash from users where email = $1', [user.email])).toEqual([{ password_hash: null }]);
      } finally {
        await second.stop();
      }
    } finally {
      await db.drop();
    }
  });
});
