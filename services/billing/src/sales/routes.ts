import { paymentsExportQuerySchema, salesMetricsQuerySchema } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import type { Billing } from '../billing.js';
import { exportCustomers, exportPayments } from './exports.js';
import { salesMetrics } from './sales-metrics.js';

export function salesRoutes(billing: Billing): Router {
  const router = Router();
  const route = routesOf(router, billing.auth);
  // The admin role is checked here, by the service that owns the money, whatever the gateway did.
  route({
    method: 'get',
    path: '/api/admin/metrics',
    auth: 'admin',
    query: salesMetricsQuerySchema,
    handler: ({ query }) => salesMetrics(billing, query),
  });
  route({
    method: 'get',
    path: '/api/admin/exports/payments.csv',
    auth: 'admin',
    query: paymentsExportQuerySchema,
    handler: ({ query, res }) => exportPayments(billing, res, query),
  });
  route({
    method: 'get',
    path: '/api/admin/exports/customers.csv',
    auth: 'admin',
    handler: ({ res }) => exportCustomers(billing, res),
  });
  return router;
}
