import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 hashes with argon2id unless told otherwise (DESIGN §4).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A fixed hash to verify against when the phone is unknown, so a wrong phone
// costs the same time as a wrong password and reveals nothing.
let decoy: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    decoy ??= hash('decoy-password-never-valid');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
