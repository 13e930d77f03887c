import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { argon2id, hash, needsRehash, verify } from 'argon2';
import { serverRoot } from '../../paths.ts';

/**
 * OWASP's argon2id baseline (m=19 MiB, t=2, p=1): about 30-60 ms per hash here. No composition
 * rules; length 6..128 comes from the contract; the most common passwords are refused
 * (docs/decisions/0004-password-minimum.md).
 */
export const ARGON2_OPTIONS = {
  type: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** True when the hash was made with weaker (older) parameters: rehash after a good login. */
  needsRehash(passwordHash: string): boolean;
  /**
   * A real hash of a random password, made once. Logins for unknown emails verify against it, so
   * they cost what a real check costs and timing does not tell which emails have accounts.
   */
  dummyHash(): Promise<string>;
}

let dummy: Promise<string> | undefined;

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, ARGON2_OPTIONS),
  async verify(passwordHash, password) {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash is a failed check, not a 500 that would single the account out.
      return false;
    }
  },
  needsRehash: (passwordHash) => needsRehash(passwordHash, ARGON2_OPTIONS),
  dummyHash() {
    dummy ??= hash(randomBytes(32).toString('base64url'), ARGON2_OPTIONS);
    return dummy;
  },
};

// Resolved from the package root so the bundle (dist/) finds it as well as the source.
const COMMON_PASSWORDS_FILE = path.join(serverRoot, 'src/modules/auth/common-passwords.txt');
let commonPasswords: ReadonlySet<string> | undefined;

/** The 10,000 most common passwords (see README.md beside the list), loaded on first use. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return commonPasswords.has(password.toLowerCase());
}
