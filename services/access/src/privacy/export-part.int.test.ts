import { randomUUID } from 'node:crypto';
import {
  AccessExportPartReadyV1,
  AccountExportRequestedV1,
  accessCodeResponseSchema,
} from '@mia/contracts';
import { exportPartStreamId, generateSealingKeyPair, open } from '@mia/service-kit';
import { waitFor } from '@mia/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessTestBed,
  call,
  registerUser,
  TEST_GPT_KEY,
  type TestUser,
} from '../access-harness.fixture.js';

describe("access's part of an account export (real PostgreSQL and NATS)", () => {
  const bed = accessTestBed();
  let owner: TestUser;
  let code: string;

  beforeAll(async () => {
    const admin = await registerUser(bed.identity, bed.access, 'admin');
    owner = await registerUser(bed.identity, bed.access);
    const granted = await call(bed.access.url, 'POST', '/api/admin/grant-access', {
      token: admin.token,
      body: { email: owner.email, productId: 'apocalipsis' },
    });
    expect(granted.status).toBe(200);
    code = accessCodeResponseSchema.parse(
      (await call(bed.access.url, 'GET', '/api/access-code', { token: owner.token })).body,
    ).accessCode;
    const verify = (productId: string) =>
      call(bed.access.url, 'POST', '/api/gpt/v1/verify', {
        body: { accessCode: code, productId },
        headers: { authorization: `Bearer ${TEST_GPT_KEY}` },
      });
    expect((await verify('apocalipsis')).body).toMatchObject({ allowed: true });
    expect((await verify('cantar-cantares')).body).toMatchObject({ allowed: false });
  });

  it('answers with grants, uses and refused checks, never the access code itself', async () => {
    const keys = generateSealingKeyPair();
    const exportId = randomUUID();
    await bed.identity.store.append(exportPartStreamId(exportId), 'any', [
      {
        type: AccountExportRequestedV1.type,
        data: {
          exportId,
          userId: owner.id,
          publicKey: keys.publicKey,
          deadline: '2030-01-01T00:00:00.000Z',
          requestedAt: '2026-05-10T12:00:00.000Z',
        },
      },
    ]);
    const [event] = await waitFor(
      async () => {
        const events = await bed.access.ctx.events.readStream(exportPartStreamId(exportId));
        return events.length > 0 ? events : undefined;
      },
      { message: "access's export part" },
    );
    expect(event!.type).toBe(AccessExportPartReadyV1.type);
    const data = AccessExportPartReadyV1.schema.parse(event!.data);
    expect(JSON.stringify(data)).not.toContain(owner.email);

    const part = JSON.parse(open(keys.privateKey, data.part)) as Record<string, unknown> & {
      account: { email: string };
      grants: { scope: string; sourceKind: string }[];
      uses: { data: { productId: string } }[];
      codeVerificationsRefused: { data: { productId: string } }[];
      accessCode: { included: boolean; issuedAt: string | null };
    };
    expect(part.account.email).toBe(owner.email);
    expect(part.grants).toEqual([
      expect.objectContaining({ scope: 'apocalipsis', sourceKind: 'admin' }),
    ]);
    expect(part.uses.map((u) => u.data.productId)).toEqual(['apocalipsis']);
    expect(part.codeVerificationsRefused.map((u) => u.data.productId)).toEqual(['cantar-cantares']);
    expect(part.accessCode).toMatchObject({ included: false, issuedAt: expect.any(String) });
    expect(JSON.stringify(part)).not.toContain(code);
  });
});
