import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// src/config and dist/config sit at the same depth, so one relative path serves both.
const DEV_KEYS_DIR = fileURLToPath(new URL('../../dev-keys/', import.meta.url));

export interface DevKeys {
  publicKeyPem: string;
  privateKeyPem: string;
}

let cached: DevKeys | null | undefined;

/**
 * The committed development key pair, or null where it is not shipped (a production image
 * should not contain it; then the keys must come from the environment).
 */
export function devKeys(): DevKeys | null {
  if (cached !== undefined) return cached;
  try {
    cached = {
      publicKeyPem: readFileSync(`${DEV_KEYS_DIR}dev-public.pem`, 'utf8'),
      privateKeyPem: readFileSync(`${DEV_KEYS_DIR}dev-private.pem`, 'utf8'),
    };
  } catch {
    cached = null;
  }
  return cached;
}

export const DEV_KEYS_PATH = DEV_KEYS_DIR;
