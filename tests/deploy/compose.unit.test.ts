import { statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMPOSE_ENV_EXAMPLE,
  COMPOSE_FILE,
  composeVariables,
  dependenciesOf,
  environmentOf,
  isPassThrough,
  loadCompose,
  readEnvFile,
  type ComposeService,
} from './support/compose.js';
import { composeEnv, generatedSecrets } from '../../scripts/compose-env.js';
import { parseDockerfile, resolveBuild } from './support/dockerfile.js';
import {
  configProblems,
  inRepo,
  loadService,
  readRepoFile,
  repoPath,
  serviceNames,
  usesDatabase,
  type DeployableService,
} from './support/repo.js';

const compose = loadCompose();
const INFRA_PORTS: Record<string, number> = { postgres: 5432, nats: 4222 };
const INIT_DIR = 'deploy/postgres/init';

/** `docker compose up` on a machine with no .env. */
const noEnv: Record<string, string | undefined> = {};

/** KEY=value lines as compose reads .env: a single-quoted value is taken literally. */
const parseEnv = (text: string): Record<string, string> =>
  Object.fromEntries(
    [...text.matchAll(/^([A-Z_][A-Z0-9_]*)=(.*)$/gm)].map(([, key, raw]) => {
      const value = raw!.trim();
      return [key!, /^'.*'$/.test(value) ? value.slice(1, -1) : value];
    }),
  );

/** `docker compose up` after `npm run compose:env`, the generated .env left as it is. */
const productionEnv: Record<string, string> = parseEnv(
  composeEnv(readRepoFile(COMPOSE_ENV_EXAMPLE)),
);

const composeService = (name: string): ComposeService => {
  const service = compose.services[name];
  if (!service) throw new Error(`${name} is not a service in docker-compose.yml`);
  return service;
};

const postgresEnv = (env: Record<string, string | undefined>) =>
  environmentOf(composeService('postgres'), env);

const initScripts = () =>
  ['10-service-schemas.sh'].map((file) => `${INIT_DIR}/${file}`).filter((path) => inRepo(path));

describe.each(serviceNames())('compose service %s', (name) => {
  let service: DeployableService;
  let entry: ComposeService;
  let prodEnv: Record<string, string>;

  beforeAll(async () => {
    service = await loadService(name);
    entry = composeService(name);
    prodEnv = environmentOf(entry, productionEnv);
  });

  it('is built from the shared Dockerfile with its own name and port', () => {
    const build = entry.build;
    expect(build, `${name} has no build section`).toBeDefined();
    expect(build?.context).toBe('.');
    expect(inRepo(build?.dockerfile ?? ''), `${build?.dockerfile} does not exist`).toBe(true);
    expect(build?.args?.SERVICE).toBe(name);
    expect(Number(build?.args?.PORT), `${name}'s PORT build arg`).toBe(service.port);
    const dockerfile = parseDockerfile(readRepoFile(build!.dockerfile!));
    const stages = dockerfile.stages.map((s) => s.name);
    expect(stages, `target ${build?.target}`).toContain(build?.target ?? stages.at(-1));
    expect(entry.image).toMatch(new RegExp(`^mia/${name}:`));
  });

  it('sets every variable required in production, and only variables the service reads', () => {
    const set = Object.keys(entry.environment ?? {});
    const missing = service.requirements.required.filter((v) => !set.includes(v));
    expect(missing, `${name}: required variables missing from docker-compose.yml`).toEqual([]);
    const unknown = set.filter((v) => !(v in service.schema.shape));
    expect(unknown, `${name}: variables its configuration does not read`).toEqual([]);
    if (entry.environment?.PORT !== undefined) {
      expect(Number(prodEnv.PORT)).toBe(service.port);
    }
  });

  // A secret every service has its own value of (NATS_PASSWORD) comes as <SERVICE>_<SECRET>.
  const envName = (secret: string) => {
    const value = String(entry.environment?.[secret] ?? '');
    const own = `${name.toUpperCase()}_${secret}`;
    return isPassThrough(value, own) ? own : secret;
  };

  it('takes secrets from .env only, each documented in compose.env.example', () => {
    const documented = Object.keys(readEnvFile(COMPOSE_ENV_EXAMPLE));
    for (const secret of service.requirements.secrets) {
      const value = entry.environment?.[secret];
      if (value === undefined) continue;
      const from = envName(secret);
      expect(isPassThrough(String(value), from), `${name}: ${secret} = ${value}`).toBe(true);
      expect(documented, `${from} is not in ${COMPOSE_ENV_EXAMPLE}`).toContain(from);
    }
  });

  it("trusts X-Forwarded-For from the gateway's fixed address only", () => {
    // The gateway itself is the edge: it trusts its own TRUST_PROXY setting (nobody by default).
    if (name === 'gateway') return expect(prodEnv.TRUSTED_PROXIES).toBeUndefined();
    const gateway = composeService('gateway') as ComposeService & {
      networks?: { default?: { ipv4_address?: string } };
    };
    const address = gateway.networks?.default?.ipv4_address;
    expect(address, 'the gateway has a fixed address').toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(prodEnv.TRUSTED_PROXIES).toBe(address);
  });

  it('runs in production mode, with no development value accepted', () => {
    expect(entry.environment?.MIA_ENV).toBe('production');
    expect(prodEnv.MIA_ENV).toBe('production');
    expect(entry.environment, 'NODE_ENV no longer decides').not.toHaveProperty('NODE_ENV');
    expect(configProblems(service.schema, prodEnv), name).toEqual([]);
    expect(entry.volumes ?? [], 'the committed development keys').not.toContainEqual(
      expect.stringContaining('dev-keys'),
    );
  });

  it('refuses to start without the generated .env when it needs a secret', () => {
    const secrets = service.requirements.secrets.filter((v) => entry.environment?.[v]);
    if (secrets.length === 0) return;
    expect(() => environmentOf(entry, noEnv)).toThrow(/npm run compose:env/);
    const generated = Object.keys(generatedSecrets());
    for (const secret of secrets.map(envName)) {
      expect(generated, `npm run compose:env does not generate ${secret}`).toContain(secret);
    }
  });

  it('reaches PostgreSQL, NATS and other services by compose name and port, once healthy', () => {
    const dependencies = dependenciesOf(entry);
    const targets: Array<[string, string]> = [];
    const upstreamVariable = new RegExp(`^(${serviceNames().join('|')})_URL$`, 'i');
    for (const [variable, value] of Object.entries(prodEnv)) {
      if (variable === 'NATS_URL') value.split(',').forEach((url) => targets.push([variable, url]));
      if (variable === 'DATABASE_URL' || upstreamVariable.test(variable)) {
        targets.push([variable, value]);
      }
    }
    for (const [variable, value] of targets) {
      const url = new URL(value.trim());
      const host = url.hostname;
      const expectedHost = upstreamVariable.exec(variable)?.[1]?.toLowerCase();
      if (expectedHost) expect(host, `${name}: ${variable}`).toBe(expectedHost);
      expect(Object.keys(compose.services), `${name}: ${variable} host`).toContain(host);
      expect(Number(url.port), `${name}: ${variable} port`).toBe(portOf(host));
      expect(dependencies[host], `${name} must wait for ${host} to be healthy`).toBe(
        'service_healthy',
      );
    }
    if (usesDatabase(service)) expect(dependencies.postgres).toBe('service_healthy');
    if ('NATS_URL' in service.schema.shape) expect(dependencies.nats).toBe('service_healthy');
  });

  it('is health-checked, so that what depends on it can wait', () => {
    const dockerfile = parseDockerfile(readRepoFile(entry.build!.dockerfile!));
    const image = resolveBuild(dockerfile, entry.build?.target, {
      SERVICE: name,
      PORT: String(service.port),
    });
    const imageCheck = image.instructions.some((i) => i.keyword === 'HEALTHCHECK');
    expect(entry.healthcheck?.disable).not.toBe(true);
    expect(imageCheck || entry.healthcheck?.test !== undefined).toBe(true);
    const test = [entry.healthcheck?.test ?? []].flat().join(' ');
    if (test) expect(test).toMatch(/\/(readyz|healthz)\b/);
  });

  it('connects to PostgreSQL as its own role, created by the init script with the same password', (ctx) => {
    if (!usesDatabase(service)) ctx.skip();
    for (const env of [productionEnv]) {
      const url = new URL(environmentOf(entry, env).DATABASE_URL ?? '');
      const postgres = postgresEnv(env);
      expect(decodeURIComponent(url.username)).toBe(`mia_${name}`);
      expect(url.pathname).toBe(`/${postgres.POSTGRES_DB}`);
      expect(decodeURIComponent(url.password), `${name.toUpperCase()}_DB_PASSWORD`).toBe(
        postgres[`${name.toUpperCase()}_DB_PASSWORD`],
      );
    }
    const script = initScripts().map(readRepoFile).join('\n');
    const listed = /SERVICES="\$\{MIA_SERVICES:-([^}]*)\}"/.exec(script)?.[1]?.split(/\s+/);
    expect(listed, `${INIT_DIR} creates no role/schema for ${name}`).toContain(name);
  });
});

/** Where a compose service listens: the infrastructure's standard ports, else its PORT build arg. */
function portOf(host: string): number {
  return INFRA_PORTS[host] ?? Number(compose.services[host]?.build?.args?.PORT);
}

describe('compose infrastructure', () => {
  it('publishes only the gateway and the mail UI, on 127.0.0.1', async () => {
    const published = Object.entries(compose.services).filter(([, s]) => s.ports?.length);
    // Besides, the trace viewer, Prometheus and Grafana, only with the observability profile.
    const always = published.filter(([, s]) => !s.profiles?.includes('observability'));
    expect(always.map(([name]) => name).sort()).toEqual(['gateway', 'mailpit']);
    for (const [name, service] of published) {
      for (const mapping of service.ports ?? []) {
        expect(String(mapping), `${name} publishes ${mapping}`).toMatch(/^127\.0\.0\.1:/);
      }
    }
    const gateway = await loadService('gateway');
    expect(String(compose.services.gateway?.ports?.[0])).toMatch(
      new RegExp(`^127\\.0\\.0\\.1:\\$\\{GATEWAY_PORT:-${gateway.port}\\}:${gateway.port}$`),
    );
    expect(compose.services.mailpit?.ports).toEqual(['127.0.0.1:${MAIL_UI_PORT:-8025}:8025']);
  });

  it('keeps no development secret or mode in the file', () => {
    const text = readRepoFile(COMPOSE_FILE);
    expect(text).not.toMatch(/_dev\b|dev-keys|(NODE|MIA)_ENV: \$\{|development\}/);
    for (const [name, service] of Object.entries(compose.services)) {
      const mode = service.environment?.MIA_ENV;
      if (mode !== undefined) expect(mode, name).toBe('production');
    }
  });

  it('sends every mail to the Mailpit container, which services wait for', async () => {
    const mailpit = composeService('mailpit');
    expect(mailpit.image).toMatch(/^axllent\/mailpit:/);
    expect([mailpit.healthcheck?.test ?? []].flat().join(' ')).toMatch(/readyz/);
    for (const name of serviceNames()) {
      const env = environmentOf(composeService(name), productionEnv);
      if (!('SMTP_URL' in env)) continue;
      expect(env.SMTP_URL, name).toBe('smtp://mailpit:1025');
      expect(dependenciesOf(composeService(name)).mailpit, name).toBe('service_healthy');
    }
    const senders = serviceNames().filter(
      (n) => 'SMTP_URL' in (compose.services[n]?.environment ?? {}),
    );
    // Every service that can send mail sends it to Mailpit, not to a folder in its container.
    const mailers = (await Promise.all(serviceNames().map(loadService)))
      .filter((service) => 'SMTP_URL' in service.schema.shape)
      .map((service) => service.name);
    expect(senders.sort()).toEqual(mailers.sort());
    expect(mailers).toEqual(expect.arrayContaining(['identity', 'billing', 'access', 'support']));
  });

  it('pays through the Stripe sandbox as a test-mode API: test keys only, shared with billing', async () => {
    const sandbox = composeService('stripe-sandbox');
    const dockerfile = parseDockerfile(readRepoFile(sandbox.build!.dockerfile!));
    expect(dockerfile.stages.map((s) => s.name)).toContain(sandbox.build?.target);
    expect(sandbox.build?.target).toBe('stripe-sandbox');
    const sandboxEnv = environmentOf(sandbox, productionEnv);
    const billing = environmentOf(composeService('billing'), productionEnv);
    expect(sandboxEnv.STRIPE_WEBHOOK_URL).toBe('http://billing:8082/api/webhooks/stripe');
    // The sandbox refuses production; it plays Stripe, it is not one of our services (its
    // image says MIA_ENV=development).
    expect(sandboxEnv.MIA_ENV).toBeUndefined();
    // Billing runs production in Stripe test mode on purpose: the app shows the ribbon.
    expect(billing.STRIPE_TEST_MODE).toBe('allow');
    const { STRIPE_TEST_MODE: _allowed, ...unallowed } = billing;
    expect(configProblems((await loadService('billing')).schema, unallowed)).toEqual([
      expect.stringMatching(/^STRIPE_TEST_MODE: must be "allow"/),
    ]);
    expect(billing.STRIPE_API_URL).toBe('http://stripe-sandbox:12111');
    expect(billing.STRIPE_SECRET_KEY).toMatch(/^sk_test_/);
    expect(billing.STRIPE_PUBLISHABLE_KEY).toMatch(/^pk_test_/);
    expect(sandboxEnv.SANDBOX_SECRET_KEY).toBe(billing.STRIPE_SECRET_KEY);
    expect(sandboxEnv.SANDBOX_PUBLISHABLE_KEY).toBe(billing.STRIPE_PUBLISHABLE_KEY);
    expect(sandboxEnv.STRIPE_WEBHOOK_SECRET).toBe(billing.STRIPE_WEBHOOK_SECRET);
    // Production refuses a sandbox forward: the browser never reaches the sandbox here.
    expect(composeService('gateway').environment).not.toHaveProperty('STRIPE_SANDBOX_URL');
  });

  it('runs PostgreSQL 16 with an init script that gives each service a role and a schema', () => {
    const postgres = composeService('postgres');
    expect(postgres.image).toMatch(/^postgres:16/);
    expect(postgres.volumes).toContain(`./${INIT_DIR}:/docker-entrypoint-initdb.d:ro`);
    const scripts = initScripts();
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      // Executable scripts run in their own shell instead of being sourced into the entrypoint.
      expect(statSync(repoPath(script)).mode & 0o111, `${script} is not executable`).not.toBe(0);
      const text = readRepoFile(script);
      expect(text).toMatch(/CREATE ROLE :"role" LOGIN PASSWORD :'password'/);
      expect(text).toMatch(/CREATE SCHEMA :"schema" AUTHORIZATION :"role"/);
      expect(text).toMatch(/role="mia_\$\{service\}" -v schema="\$service"/);
    }
    const test = [postgres.healthcheck?.test ?? []].flat().join(' ');
    expect(test).toMatch(/pg_isready .*-h 127\.0\.0\.1/);
    expect(postgresEnv(productionEnv).POSTGRES_DB).toBe('mia');
  });

  it('runs NATS 2.10 with JetStream on a volume, health-checked over its monitoring port', () => {
    const nats = composeService('nats');
    expect(nats.image).toMatch(/^nats:2\.10/);
    const command = [nats.command ?? []].flat().join(' ');
    expect(command).toMatch(/(^|\s)-js(\s|$)/);
    const storeDir = /-sd\s+(\S+)/.exec(command)?.[1];
    expect(nats.volumes?.some((v) => v.endsWith(`:${storeDir}`))).toBe(true);
    const monitor = /-m\s+(\d+)/.exec(command)?.[1];
    const test = [nats.healthcheck?.test ?? []].flat().join(' ');
    expect(test).toContain(`127.0.0.1:${monitor}/healthz?js-enabled-only=true`);
  });

  it('signs every NATS client in: the generated users, each password from .env', () => {
    const nats = composeService('nats');
    const command = [nats.command ?? []].flat().join(' ');
    const file = /-c\s+\/etc\/nats\/(\S+)/.exec(command)?.[1];
    expect(nats.volumes).toContain('./deploy/nats:/etc/nats:ro');
    expect(readRepoFile(`deploy/nats/${file}`)).toMatch(/^include \.\/authorization\.conf$/m);
    const variables = [
      ...readRepoFile('deploy/nats/authorization.conf').matchAll(/password: \$(\w+)/g),
    ];
    expect(variables.length).toBe(serviceNames().filter((s) => s !== 'gateway').length + 1);
    for (const [, variable] of variables) {
      expect(isPassThrough(String(nats.environment?.[variable!]), variable!), variable).toBe(true);
    }
  });

  it('documents in compose.env.example exactly the variables it reads', () => {
    const documented = Object.keys(readEnvFile(COMPOSE_ENV_EXAMPLE)).sort();
    expect(documented).toEqual(composeVariables());
  });

  it('lists every service of the repository', () => {
    for (const name of serviceNames()) expect(Object.keys(compose.services)).toContain(name);
  });
});

// `docker compose --profile test up --exit-code-from acceptance`: the acceptance suite against
// this stack (its image: acceptance-image.unit.test.ts).
describe('compose service acceptance', () => {
  const acceptance = () => composeService('acceptance');
  const env = () => environmentOf(acceptance(), noEnv);

  it('runs only with the test profile, from the acceptance stage of the one recipe', () => {
    expect(acceptance().profiles).toEqual(['test']);
    const build = acceptance().build;
    expect(build?.context).toBe('.');
    expect(inRepo(build?.dockerfile ?? ''), `${build?.dockerfile} does not exist`).toBe(true);
    const stages = parseDockerfile(readRepoFile(build!.dockerfile!)).stages.map((s) => s.name);
    expect(build?.target).toBe('acceptance');
    expect(stages).toContain('acceptance');
    expect(acceptance().image).toMatch(/^mia\/acceptance:/);
  });

  it('targets the gateway by its compose name and port, once the gateway is healthy', async () => {
    const gateway = await loadService('gateway');
    const url = new URL(env().BASE_URL ?? '');
    expect(url.protocol).toBe('http:');
    expect(url.hostname).toBe('gateway');
    expect(Number(url.port)).toBe(gateway.port);
    expect(Number(composeService('gateway').build?.args?.PORT)).toBe(gateway.port);
    expect(dependenciesOf(acceptance()).gateway).toBe('service_healthy');
  });

  it('writes its results into a folder mounted from the host and ignored by git', () => {
    const inside = env().ACCEPTANCE_RESULTS_DIR;
    expect(inside, 'ACCEPTANCE_RESULTS_DIR').toMatch(/^\//);
    const mount = acceptance().volumes?.find((v) => v.split(':')[1] === inside);
    expect(mount, `no volume is mounted at ${inside}`).toBeDefined();
    const host = mount!.split(':')[0]!;
    expect(host, 'a folder of the checkout').toMatch(/^\.\/[\w.-]+$/);
    const ignored = readRepoFile('.gitignore').split('\n');
    expect(ignored, `.gitignore lacks ${host.slice(2)}/`).toContain(`${host.slice(2)}/`);
  });

  it('takes the admin credentials from the environment, unset by default', () => {
    for (const name of ['ACCEPTANCE_ADMIN_EMAIL', 'ACCEPTANCE_ADMIN_PASSWORD']) {
      const value = String(acceptance().environment?.[name] ?? '');
      expect(isPassThrough(value, name), `${name} = ${value}`).toBe(true);
      expect(env()[name], name).toBe('');
    }
  });
});
