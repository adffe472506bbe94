import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The CS500 demo course's fixed id: the default voice course (docs/decisions/003). */
export const DEMO_VOICE_COURSE_ID = 'c5500000-0000-4000-8000-000000000500';
/** ElevenLabs' Conversational AI widget embed script (their documented CDN address). */
export const DEFAULT_VOICE_WIDGET_SCRIPT_URL = 'https://unpkg.com/@elevenlabs/convai-widget-embed';
export const DEFAULT_DEMO_PASSWORD = 'mylo-demo-2026';
const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalText = z.string().trim().min(1).optional();

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int()
    .min(0)
    .max(65535)
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  STORAGE_DIR: optionalText,
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_DEMO_PASSWORD),
  SEED_DEMO: booleanFlag.default(true),
  LLM_PROVIDER: z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']).default('offline'),
  LLM_MODEL: optionalText,
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: optionalText,
  VOICE_COURSE_ID: z.uuid({ message: 'must be a course id (UUID)' }).default(DEMO_VOICE_COURSE_ID),
  VOICE_AGENT_ID: optionalText,
  ELEVENLABS_API_KEY: optionalText,
  ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
  VOICE_WIDGET_SCRIPT_URL: z.url().optional(),
  SIGN_IN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100_000).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  storageDir: string;
  jwtSecret: string;
  demoPassword: string;
  seedDemo: boolean;
  llm: {
    provider: z.infer<typeof envSchema>['LLM_PROVIDER'];
    model?: string;
    baseUrl?: string;
    apiKey?: string;
  };
  voice: {
    courseId: string;
    agentId?: string;
    apiKey?: string;
    baseUrl: string;
    /** The provider's widget embed script (VOICE_WIDGET_SCRIPT_URL overrides it, e.g. in e2e). */
    widgetScriptUrl: string;
  };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Sign-in attempts allowed per 15 minutes (SIGN_IN_MAX_ATTEMPTS). */
  signInRateLimit: { perEmailAndIp: number; perIp: number; windowMs: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Reads the environment into a typed config; every bad variable gets one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, the way .env files usually mean them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `Invalid ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const problems: string[] = [];
  if (e.LLM_PROVIDER !== 'offline' && !e.LLM_API_KEY && e.LLM_PROVIDER !== 'openai-compatible') {
    problems.push(`Invalid LLM_API_KEY="": required when LLM_PROVIDER=${e.LLM_PROVIDER}`);
  }
  if (e.LLM_PROVIDER === 'openai-compatible' && !e.LLM_BASE_URL) {
    problems.push('Invalid LLM_BASE_URL="": required when LLM_PROVIDER=openai-compatible');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    storageDir: e.STORAGE_DIR ? resolve(e.STORAGE_DIR) : join(dataDir, 'files'),
    jwtSecret: e.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    llm: {
      provider: e.LLM_PROVIDER,
      model: e.LLM_MODEL,
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
    },
    voice: {
      courseId: e.VOICE_COURSE_ID,
      agentId: e.VOICE_AGENT_ID,
      apiKey: e.ELEVENLABS_API_KEY,
      baseUrl: e.ELEVENLABS_BASE_URL,
      widgetScriptUrl: e.VOICE_WIDGET_SCRIPT_URL ?? DEFAULT_VOICE_WIDGET_SCRIPT_URL,
    },
    logLevel: e.LOG_LEVEL,
    // Per account and address; one address may try ten times as many accounts.
    signInRateLimit: {
      perEmailAndIp: e.SIGN_IN_MAX_ATTEMPTS,
      perIp: e.SIGN_IN_MAX_ATTEMPTS * 10,
      windowMs: SIGN_IN_WINDOW_MS,
    },
  };
}

/** Without JWT_SECRET, a secret is generated once and kept beside the data (mode 0600). */
function readOrCreateJwtSecret(dataDir: string): string {
  const path = join(dataDir, 'jwt-secret');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return secret;
}
