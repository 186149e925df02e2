import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import { exposesResetToken } from '../config.js';
import type { Identity } from '../identity.js';
import { downloadExport, ownExport } from './download-export.js';
import { exportJsonSchema } from './export-document.js';
import { exportDownloadUrl } from './export-mail.js';
import { exportProgress } from './export-status.js';
import { requestExport } from './request-export.js';

const idParams = z.object({ id: z.string().max(64) });
// Nothing to choose: the export is always everything, for the signed-in user.
const noOptions = z.strictObject({});

/** The signed-in user's account export: ask for it, follow it, download it once. */
export function accountExportRoutes(identity: Identity): Router {
  const router = Router();
  const route = routesOf(router, identity.auth);
  const origin = identity.config.PUBLIC_ORIGIN;
  const schemaUrl = `${origin.replace(/\/$/, '')}/api/account/export-schema.json`;
  // Development only, as reset and verification tokens: the link comes back in the answer.
  const exposeLink = exposesResetToken(identity.config);

  route({
    method: 'post',
    path: '/api/account/export',
    auth: 'user',
    body: noOptions,
    status: 202,
    async handler({ user, req }) {
      await identity.limits.check('account-export', req.ip, user.id);
      const language = req.acceptsLanguages('es', 'en') === 'en' ? 'en' : 'es';
      const { exportId } = await requestExport(identity, user.id, language);
      return {
        exportId,
        status: 'pending' as const,
        ...(exposeLink ? { downloadUrl: exportDownloadUrl(origin, exportId) } : {}),
      };
    },
  });

  route({
    method: 'get',
    path: '/api/account/export-schema.json',
    auth: 'public',
    handler: () => exportJsonSchema(),
  });

  route({
    method: 'get',
    path: '/api/account/export/:id/status',
    auth: 'user',
    params: idParams,
    async handler({ user, params }) {
      const row = await ownExport(identity, user.id, params.id);
      const parts = await identity.db.accountExportPart.findMany({
        where: { exportId: row.id },
        select: { service: true },
      });
      const progress = exportProgress(
        row,
        parts.map((p) => p.service),
        identity.clock(),
      );
      return {
        exportId: row.id,
        ...progress,
        requestedAt: row.requestedAt.toISOString(),
        deadline: row.deadline.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        ...(exposeLink && progress.status === 'ready'
          ? { downloadUrl: exportDownloadUrl(origin, row.id) }
          : {}),
      };
    },
  });

  route({
    method: 'get',
    path: '/api/account/export/:id',
    auth: 'user',
    params: idParams,
    async handler({ user, params, res }) {
      const document = await downloadExport(identity, user.id, params.id, schemaUrl);
      res
        .status(200)
        .set('content-disposition', `attachment; filename="export-${params.id}.json"`)
        .type('application/json')
        .send(JSON.stringify(document, null, 2));
      return undefined;
    },
  });

  return router;
}
