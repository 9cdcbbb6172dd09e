import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from './database';
import { serverSecrets } from './schema';

const cache = new Map<string, Promise<string>>();

/**
 * A random secret the server makes on first use and keeps in the database, so that every process on
 * one database shares it and nothing has to be configured or committed. It never changes: once
 * made, the first writer's value wins and is read by everyone.
 */
export function serverSecret(db: Executor, name: string): Promise<string> {
  let secret = cache.get(name);
  if (!secret) {
    secret = (async () => {
      await db.insert(serverSecrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
      if (!row) throw new Error(`The server secret ${name} could not be read`);
      return row.value;
    })();
    secret.catch(() => cache.delete(name));
    cache.set(name, secret);
  }
  return secret;
}
