import { hash, type Options, verify } from '@node-rs/argon2';

/**
 * argon2id (DESIGN §4). Production uses the library's defaults (OWASP's
 * recommended memory and time cost); tests use a cheap cost so a suite that
 * creates hundreds of users is not spent hashing. The cost is encoded in each
 * hash, so verification works whatever cost made it.
 */
const COSTS: Record<'production' | 'test', Options> = {
  production: {},
  test: { memoryCost: 256, timeCost: 1, parallelism: 1 },
};
let cost: Options = COSTS.production;

/** Set once at start from NODE_ENV (app.ts); 'test' only ever under NODE_ENV=test. */
export function usePasswordCost(kind: 'production' | 'test'): void {
  cost = COSTS[kind];
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost);
}

// A fixed hash to verify against when the phone is unknown, so a wrong phone
// costs the same time as a wrong password and reveals nothing.
let decoy: { cost: Options; hash: Promise<string> } | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    if (decoy?.cost !== cost) decoy = { cost, hash: hash('decoy-password-never-valid', cost) };
    await verify(await decoy.hash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
