import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDefaultMetrics, metricsRegistry } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// Service metrics outside the kit: importing them registers them, as the service does.
import '../../services/identity/src/passwords/hash-metrics.js';
import { REPO_ROOT } from '../../scripts/local/paths.js';

const DIR = join(REPO_ROOT, 'deploy', 'observability');
const RULES = join(DIR, 'prometheus', 'rules');
const DASHBOARDS = join(DIR, 'grafana', 'dashboards');

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
}
const ruleFiles = readdirSync(RULES).filter((f) => f.endsWith('.yml'));
const rules: Rule[] = ruleFiles.flatMap(
  (file) =>
    (parse(readFileSync(join(RULES, file), 'utf8')) as { groups: { rules: Rule[] }[] }).groups
      .flatMap((g) => g.rules)
      .map((r) => ({ ...r, file })) as Rule[],
);
const dashboardFiles = readdirSync(DASHBOARDS).filter((f) => f.endsWith('.json'));
const dashboardExprs = dashboardFiles.flatMap((file) => {
  const dashboard = JSON.parse(readFileSync(join(DASHBOARDS, file), 'utf8')) as {
    panels: { targets?: { expr: string }[] }[];
    templating?: { list: { query?: { query?: string } }[] };
  };
  return [
    ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)),
    ...(dashboard.templating?.list ?? []).flatMap((v) => v.query?.query ?? []),
  ];
});

const PROMQL_WORDS = new Set(
  'by without on ignoring group_left group_right offset bool and or unless le inf nan'.split(' '),
);

/**
 * Metric names in a PromQL expression (or a Grafana label_values query): identifiers outside
 * strings, label matchers and ranges, not called as functions, not grouping labels.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/label_values\(([^,)]+)(,[^)]*)?\)/g, '$1');
  const names = new Set<string>();
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = match[0];
    const next = bare.slice(match.index + name.length).trimStart();
    if (next.startsWith('(') || PROMQL_WORDS.has(name)) continue;
    if (/^\d/.test(name)) continue;
    names.add(name);
  }
  return [...names];
}

/** Every series name the services expose: the kit's registry plus histogram/summary suffixes. */
async function exposedNames(): Promise<Set<string>> {
  ensureDefaultMetrics();
  const text = await metricsRegistry.metrics();
  const names = new Set<string>(['up']);
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name! + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(name! + s);
  }
  return names;
}

describe('dashboards and alert rules as code', () => {
  it('finds the names in PromQL, and only those', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (job, le) (rate(http_request_duration_seconds_bucket{job=~"a|b",route!="x y"}[5m]))) / on (job) group_left up',
      ).sort(),
    ).toEqual(['http_request_duration_seconds_bucket', 'up']);
    expect(metricNames('label_values(http_requests_total, job)')).toEqual(['http_requests_total']);
    expect(metricNames('slo:x:ratio_rate1h > (14.4 * 0.005)')).toEqual(['slo:x:ratio_rate1h']);
  });

  it('has both dashboards, the two SLOs with fast and slow burn alerts, and the plain alerts', () => {
    expect(dashboardFiles.sort()).toEqual(['mia-api.json', 'mia-events.json']);
    const alerts = rules.flatMap((r) => r.alert ?? []);
    for (const slo of ['CheckoutErrorBudgetBurn', 'PaymentToAccessBudgetBurn']) {
      for (const speed of ['Fast', 'Slow', 'Ticket']) expect(alerts).toContain(slo + speed);
    }
    expect(alerts).toEqual(expect.arrayContaining(['EventsParked', 'RelayLagging']));
    const byName = new Map(rules.map((r) => [r.alert ?? r.record, r]));
    expect(byName.get('EventsParked')?.expr).toMatch(/parked_events\) > 0$/);
    expect(byName.get('RelayLagging')?.expr).toMatch(/relay_lag_seconds\) > 30$/);
    // Each burn alert looks at a long and a short window at once.
    for (const alert of alerts.filter((a) => a.includes('BudgetBurn'))) {
      expect(byName.get(alert)?.expr, alert).toMatch(/ratio_rate\w+ > .*\n\s*and\n.*ratio_rate/);
    }
  });

  it('uses only metrics the services expose in /metrics, and recording rules defined here', async () => {
    const exposed = await exposedNames();
    const recorded = new Set(rules.flatMap((r) => r.record ?? []));
    const used = [...rules.map((r) => r.expr), ...dashboardExprs].flatMap(metricNames);
    expect(used.length).toBeGreaterThan(20);
    const unknown = [...new Set(used)].filter((n) => !exposed.has(n) && !recorded.has(n));
    expect(unknown, 'metrics named by dashboards or rules that no service exposes').toEqual([]);
  });
});
