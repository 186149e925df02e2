/**
 * The brand lives only here, so renaming the product is one edit. `siteUrl` is the local
 * default; deployments pass their public address through service configuration instead.
 */
export const brand = {
  name: 'Ministerio IA',
  shortName: 'MIA',
  tagline: 'Asistentes de IA para pastores y líderes de iglesia',
  taglineEn: 'AI assistants for pastors and church leaders',
  shortDescription:
    'Herramientas de inteligencia artificial especializadas en estudio bíblico y ministerio, en español, con acceso de por vida.',
  shortDescriptionEn:
    'Specialised artificial-intelligence tools for Bible study and ministry, in Spanish, with lifetime access.',
  supportEmail: 'soporte@ministerioia.com',
  siteUrl: 'http://localhost:8080',
} as const;

export type Brand = typeof brand;
