import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  createTestNats,
  serviceTestEnv,
  startEventPublisher,
  type EventPublisher,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import { chatAtRate, chatOneAtATime, customersFor, MESSAGES_PER_CUSTOMER } from './support-chat.js';
import { registerCustomers, type BenchCustomer } from './support-customers.js';
import { benchModelAnswer, startDelayedFakeOpenAI } from './support-fake-openai.js';
import { startSupportProcess, type SupportProcess } from './support-process.js';
import type { RateFigures, SequentialFigures } from './support-rate.js';
import { prepareTicketList, ticketListLoad, type TicketListFigures } from './support-tickets.js';

export interface SupportBenchOptions {
  /** Measured seconds of each run. */
  seconds: number;
  /** Chat messages per second. */
  rate: number;
  /** The fake model's fixed answer time. */
  modelDelayMs: number;
  /** Tickets of the customer whose list is read. */
  tickets: number;
}

/** A run's figures with the service process's CPU time per request over that run. */
type WithCpu<T> = T & { cpuMsPerRequest: number };

export interface SupportFigures {
  options: SupportBenchOptions;
  customersPerRun: number;
  messagesPerCustomer: number;
  triageAlone: SequentialFigures;
  triage: WithCpu<RateFigures>;
  modelAlone: SequentialFigures;
  model: WithCpu<RateFigures> & { modelRequests: number };
  tickets: WithCpu<TicketListFigures>;
  /** The service processes' log (warn and above), complete once benchSupport returns. */
  serviceLogPath: string;
}

/** Seconds of chat at the same rate before each measured run (JIT, pools, sockets). */
export const WARMUP_SECONDS = 3;
/** Messages sent one at a time after the warm-up (the model's take its fixed time each). */
export const ALONE = { triage: 100, model: 20 };

/** Runs `measure` and adds the service's CPU time per request it made. */
async function withCpu<T>(
  service: SupportProcess,
  measure: () => Promise<T>,
  requests: (figures: T) => number,
): Promise<WithCpu<T>> {
  const before = service.cpuMs();
  const figures = await measure();
  const cpu = service.cpuMs() - before;
  return { ...figures, cpuMsPerRequest: Math.round((cpu / requests(figures)) * 100) / 100 };
}

const isModelAnswer = (reply: { response?: unknown }) =>
  reply.response === benchModelAnswer.response;

/**
 * Support as it runs: built-in triage (no OpenAI key), then the real OpenAI SDK against a fake
 * model that answers in a fixed time, each in its own process on one database and NATS prefix;
 * the customers are registered through identity's events, the tickets opened over HTTP.
 */
export async function benchSupport(options: SupportBenchOptions): Promise<SupportFigures> {
  const { seconds, rate } = options;
  const perRun = customersFor(rate, seconds);
  const perWarmup = customersFor(rate, WARMUP_SECONDS);

  let db: TestDatabase | undefined;
  let nats: TestNats | undefined;
  let identity: EventPublisher | undefined;
  let service: SupportProcess | undefined;
  const fake = await startDelayedFakeOpenAI(options.modelDelayMs);
  const mailDir = mkdtempSync(join(tmpdir(), 'bench-support-mail-'));
  // Kept after the run (its path is in the report) for reading what went wrong.
  const logFile = join(
    tmpdir(),
    `bench-support-${new Date().toISOString().replace(/\W/g, '')}.log`,
  );
  try {
    db = await createTestDatabase();
    nats = await createTestNats();
    const env = serviceTestEnv(db, nats, {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      MAIL_DIR: mailDir,
      // Empty is unset: the defaults hold whatever the calling shell exports.
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      CHAT_QUOTA_PER_HOUR: '',
      // One customer opens the whole ticket list the benchmark reads.
      SUPPORT_TICKETS_PER_HOUR: '1000000',
    });

    service = await startSupportProcess(env, logFile);
    identity = await startEventPublisher(db, nats, 'identity');
    const alone = (n: number) => Math.ceil(n / MESSAGES_PER_CUSTOMER);
    const count = 2 * (perRun + perWarmup) + alone(ALONE.triage) + alone(ALONE.model) + 1;
    console.log(`registering ${count} customers…`);
    const customers = await registerCustomers(identity, db.url, count);
    const take = (() => {
      let next = 0;
      return (n: number): BenchCustomer[] => customers.slice(next, (next += n));
    })();

    console.log(`chat, built-in triage: ${rate} req/s for ${WARMUP_SECONDS}+${seconds} s…`);
    const isTriage = (reply: { response?: unknown; severity?: unknown }) =>
      typeof reply.response === 'string' && reply.response.length > 0 && !isModelAnswer(reply);
    await chatAtRate(service.url, take(perWarmup), rate, WARMUP_SECONDS, isTriage);
    const triageAlone = await chatOneAtATime(
      service.url,
      take(alone(ALONE.triage)),
      ALONE.triage,
      isTriage,
    );
    const triageService = service;
    const triage = await withCpu(
      service,
      () => chatAtRate(triageService.url, take(perRun), rate, seconds, isTriage),
      (r) => r.sent,
    );

    console.log(`ticket list: ${options.tickets} tickets, 50 connections for 2+${seconds} s…`);
    const [owner] = take(1);
    await prepareTicketList(service.url, owner!, options.tickets);
    const tickets = await withCpu(
      service,
      () => ticketListLoad(triageService.url, owner!, seconds),
      (r) => r.requests,
    );

    await service.stop();
    service = await startSupportProcess(
      { ...env, OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.baseURL },
      logFile,
    );
    console.log(
      `chat, fake model at ${options.modelDelayMs} ms: ${rate} req/s for ${WARMUP_SECONDS}+${seconds} s…`,
    );
    const modelService = service;
    await chatAtRate(service.url, take(perWarmup), rate, WARMUP_SECONDS, isModelAnswer);
    const modelAlone = await chatOneAtATime(
      service.url,
      take(alone(ALONE.model)),
      ALONE.model,
      isModelAnswer,
    );
    const before = fake.received();
    const model = await withCpu(
      service,
      () => chatAtRate(modelService.url, take(perRun), rate, seconds, isModelAnswer),
      (r) => r.sent,
    );
    return {
      options,
      customersPerRun: perRun,
      messagesPerCustomer: MESSAGES_PER_CUSTOMER,
      triageAlone,
      triage,
      modelAlone,
      model: { ...model, modelRequests: fake.received() - before },
      tickets,
      serviceLogPath: logFile,
    };
  } finally {
    await service?.stop();
    await identity?.stop();
    await fake.close();
    await nats?.cleanup();
    await db?.drop();
    rmSync(mailDir, { recursive: true, force: true });
  }
}
