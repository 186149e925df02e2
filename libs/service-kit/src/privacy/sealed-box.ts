import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { sealedBoxSchema, type SealedBoxData } from '@mia/contracts';

// A sealed box (ECIES): anyone holding the recipient's public key can seal; only the private key
// opens. Each seal makes a fresh X25519 key pair, derives an AES-256-GCM key from the shared
// secret with HKDF-SHA256 (salted with both public keys, so a key is bound to this pair), and
// authenticates both public keys as associated data: a changed byte anywhere fails to open.
// Used for account exports, so a part crosses NATS and rests in event stores only as ciphertext.

const INFO = Buffer.from('mia sealed-box v1');
// The wire shape is the contracts' (events carry boxes); re-exported for the kit's users.
export { sealedBoxSchema };
export type SealedBox = SealedBoxData;

/** A recipient's key pair, base64 DER (public SPKI, private PKCS#8), ready to store or send. */
export interface SealingKeyPair {
  publicKey: string;
  privateKey: string;
}

export class SealedBoxError extends Error {
  override readonly name = 'SealedBoxError';
}

export function generateSealingKeyPair(): SealingKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  };
}

const publicKeyOf = (spki: string): KeyObject => {
  const key = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'x25519') throw new SealedBoxError('not an X25519 public key');
  return key;
};

const keyFor = (shared: Buffer, epk: Buffer, recipient: Buffer): Buffer =>
  Buffer.from(hkdfSync('sha256', shared, Buffer.concat([epk, recipient]), INFO, 32));

/** Seals `plaintext` (UTF-8) for the holder of the private key matching `recipientPublicKey`. */
export function seal(recipientPublicKey: string, plaintext: string): SealedBox {
  const recipient = publicKeyOf(recipientPublicKey);
  const recipientDer = recipient.export({ type: 'spki', format: 'der' });
  const ephemeral = generateKeyPairSync('x25519');
  const epk = ephemeral.publicKey.export({ type: 'spki', format: 'der' });
  const key = keyFor(
    diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipient }),
    epk,
    recipientDer,
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.concat([epk, recipientDer]));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    epk: epk.toString('base64'),
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

/** Opens a box sealed for `privateKey`; throws SealedBoxError if it was altered or not for it. */
export function open(privateKey: string, box: SealedBox): string {
  try {
    const priv = createPrivateKey({
      key: Buffer.from(privateKey, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    const recipientDer = createPublicKey(priv).export({ type: 'spki', format: 'der' });
    const epk = Buffer.from(box.epk, 'base64');
    const key = keyFor(
      diffieHellman({ privateKey: priv, publicKey: publicKeyOf(box.epk) }),
      epk,
      recipientDer,
    );
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(box.iv, 'base64'));
    decipher.setAAD(Buffer.concat([epk, recipientDer]));
    decipher.setAuthTag(Buffer.from(box.tag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(box.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch (error) {
    // One error for every failure: which step failed tells an attacker nothing useful.
    throw new SealedBoxError('the sealed box cannot be opened with this key', { cause: error });
  }
}
