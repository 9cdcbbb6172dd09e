import { hash, randomBytes } from 'node:crypto';

// The native binding loads on first use, not with the server's modules: on a Node.js older than the
// server's (src/node-version.ts) loading it crashes the process before it can say why.
const argon2 = () => import('argon2').then((m) => m.default);

// argon2id at OWASP's recommended floor (19 MiB, 2 passes): safe, and cheap enough that a burst of
// logins does not exhaust a small machine's memory.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * The same typed password can arrive as different code points: "é" is one on one keyboard and "e"
 * plus an accent on another. Passwords are hashed in one form (NFC) so that either logs in.
 */
export async function hashPassword(password: string): Promise<string> {
  const a = await argon2();
  return a.hash(password.normalize('NFC'), { ...ARGON2_OPTIONS, type: a.argon2id });
}

async function verifyOne(hash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * Hashes made before passwords were normalised hold whatever form was typed at sign-up, so a miss
 * in NFC tries the other forms; only a password with such letters costs more than one check, and
 * a wrong one (or `burnPasswordCheck`'s) tries them all, so timing tells no account apart.
 */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const forms = [...new Set([password.normalize('NFC'), password.normalize('NFD'), password])];
  for (const form of forms) if (await verifyOne(hash, form)) return true;
  return false;
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown phone is not told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-hash-target');
  await verifyPassword(await dummyHash, password);
}

/** 32 random bytes, URL-safe; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Every authenticated call hashes its token: the one-shot form costs less than half of a Hash object's. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Short, unambiguous codes (no 0/O, 1/I) that earners can read aloud and type. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return out;
}
