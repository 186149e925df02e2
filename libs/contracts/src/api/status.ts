import { z } from 'zod';
import { multiLineText, singleLineText } from '../text.js';

/** The rows of the status page, in the spec's order (section 2, /status). */
export const statusRows = [
  'gpt-access',
  'authentication',
  'payments',
  'website',
  'dashboard',
] as const;
export const statusRowSchema = z.enum(statusRows);
export type StatusRow = z.infer<typeof statusRowSchema>;

/** Spec section 4: a service is operational, in maintenance or has an incident. */
export const serviceStatuses = ['operational', 'maintenance', 'incident'] as const;
export const serviceStatusSchema = z.enum(serviceStatuses);
export type ServiceStatusValue = z.infer<typeof serviceStatusSchema>;

export const incidentTypes = ['incident', 'maintenance'] as const;
export const incidentTypeSchema = z.enum(incidentTypes);
export type IncidentType = z.infer<typeof incidentTypeSchema>;

export const INCIDENT_TITLE_MAX_LENGTH = 200;
export const INCIDENT_BODY_MAX_LENGTH = 5000;

/** POST /api/admin/incidents: what staff announce, and which rows it concerns. */
export const postIncidentRequestSchema = z.object({
  type: incidentTypeSchema,
  title: singleLineText({
    trim: true,
    max: INCIDENT_TITLE_MAX_LENGTH,
    minMessage: 'Title is required',
    maxMessage: `Title must be at most ${INCIDENT_TITLE_MAX_LENGTH} characters`,
  }),
  body: multiLineText({
    trim: true,
    max: INCIDENT_BODY_MAX_LENGTH,
    minMessage: 'Description is required',
    maxMessage: `Description must be at most ${INCIDENT_BODY_MAX_LENGTH} characters`,
  }),
  services: z
    .array(statusRowSchema)
    .min(1, 'Choose at least one service')
    .transform((rows) => [...new Set(rows)]),
});
export type PostIncidentRequest = z.infer<typeof postIncidentRequestSchema>;

export const incidentSchema = z.object({
  id: z.string(),
  type: incidentTypeSchema,
  title: z.string(),
  body: z.string(),
  services: z.array(statusRowSchema),
  startedAt: z.string(),
  resolvedAt: z.string().optional(),
});
export type Incident = z.infer<typeof incidentSchema>;

/** GET /api/admin/incidents: what staff may still resolve. */
export const openIncidentsResponseSchema = z.object({ incidents: z.array(incidentSchema) });

/** One day of a row's uptime bar: the share of probes that found it up; null without probes. */
export const uptimeDaySchema = z.object({
  date: z.iso.date(),
  availability: z.number().min(0).max(1).nullable(),
});

/** GET /api/status (public). */
export const statusResponseSchema = z.object({
  updatedAt: z.string(),
  services: z.array(z.object({ name: statusRowSchema, status: serviceStatusSchema })),
  incidents: z.array(incidentSchema),
  uptime: z.array(z.object({ name: statusRowSchema, days: z.array(uptimeDaySchema) })),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;
