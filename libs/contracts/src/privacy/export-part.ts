import { z } from 'zod';

// The account export's wire shapes, shared by the request (identity) and the parts every service
// answers with. Nothing personal travels in clear: the request carries ids and a public key, a
// part only ciphertext that the export's private key (kept by identity) opens.

const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64');

/** ECIES box: one-time X25519 key, HKDF-SHA256, AES-256-GCM; every field base64. */
export const sealedBoxSchema = z.strictObject({
  epk: base64,
  iv: base64,
  ciphertext: base64,
  tag: base64,
});
export type SealedBoxData = z.infer<typeof sealedBoxSchema>;

/** The services that contribute a part to every export, in the document's order. */
export const exportServices = ['identity', 'billing', 'access', 'support'] as const;
export type ExportService = (typeof exportServices)[number];

/** The data of every `<Service>ExportPartReady` event: one service's part of one export. */
export const exportPartReadySchema = z.object({
  exportId: z.uuid(),
  service: z.enum(exportServices),
  /** The part's JSON, sealed for the export's public key. */
  part: sealedBoxSchema,
  /** Version of the part's own shape (the export's JSON Schema describes each version). */
  schemaVersion: z.number().int().positive(),
});
export type ExportPartReadyData = z.infer<typeof exportPartReadySchema>;
