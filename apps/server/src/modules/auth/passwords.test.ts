import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argon2Hasher, isCommonPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id m=19 MiB, t=2, p=1 and verifies', async () => {
    const hash = await argon2Hasher.hash('maple-syrup-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await argon2Hasher.verify(hash, 'maple-syrup-42')).toBe(true);
    expect(await argon2Hasher.verify(hash, 'maple-syrup-43')).toBe(false);
    expect(argon2Hasher.needsRehash(hash)).toBe(false);
  });

  it('treats a malformed stored hash as a failed check, not an error', async () => {
    expect(await argon2Hasher.verify('not-a-hash', 'anything')).toBe(false);
  });

  it('asks for a rehash of hashes made with weaker parameters', async () => {
    const { hash, argon2id } = await import('argon2');
    const weak = await hash('maple-syrup-42', {
      type: argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    expect(argon2Hasher.needsRehash(weak)).toBe(true);
  });

  it('makes one dummy hash and reuses it', async () => {
    const first = await argon2Hasher.dummyHash();
    expect(await argon2Hasher.dummyHash()).toBe(first);
    expect(first).toMatch(/^\$argon2id\$/);
  });

  it('knows the 10,000 most common passwords, case-insensitively', () => {
    const list = readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(list).toHaveLength(10_000);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    for (const password of ['123456', 'password', 'PassWord', 'qwerty123', list.at(-1)!]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of ['maple-syrup-42', 'cedar-river-77', 'correct horse battery staple']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
