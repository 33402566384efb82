import { generateKeyPairSync } from 'node:crypto';

/** A real RSA key: Probot signs a JWT with it to ask for installation tokens. One per test file (generation takes ~100 ms). */
export const PRIVATE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs1', format: 'pem' })
  .toString();
