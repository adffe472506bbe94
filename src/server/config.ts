import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The CS500 demo course's fixed id: the default voice course (docs/decisions/003). */
export const DEMO_VOICE_COURSE_ID = 'c5500000-0000-4000-8000-000000000500';
/** ElevenLabs' Conversational AI widget embed script (their documented CDN address). */
export const DEFAULT_VOICE_WIDGET_SCRIPT_URL = 'https://unpkg.com/@elevenlabs/convai-widget-embed';
export const DEFAULT_DEMO_PASSWORD = 'mylo-demo-2026';
const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');
const optionalText = z.string().trim().min(1).optional();
const count = (max: number) =>
  z.coerce
    .number({ error: `must be a whole number from 1 to ${max}` })
    .int(`must be a whole number from 1 to ${max}`)
    .min(1, `must be a whole number from 1 to ${max}`)
    .max(max, `must be a whole number from 1 to ${max}`);

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Email domains, comma-separated: `school.edu, students.school.edu`. */
const domainList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean),
  )
  .refine((domains) => domains.length > 0 && domains.every((d) => DOMAIN.test(d)), {
    message: 'must be email domains separated by commas, e.g. school.edu,students.school.edu',
  });

/**
 * Which proxies to believe about the client's address and protocol (X-Forwarded-For/-Proto):
 * false (none, the default), a number of hops, or the proxies' addresses and CIDR ranges.
 * `true` believes anyone, so every client could choose its own address: allowed but warned of
 * in docs/security.md.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((text, ctx): boolean | number | string[] => {
    if (/^(false|0)$/i.test(text)) return false;
    if (/^true$/i.test(text)) return true;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, true, a number of proxy hops, or proxy addresses/CIDR ranges separated by commas (e.g. 10.0.0.5,192.168.0.0/24)',
    });
    return z.NEVER;
  });

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** Loopback only: nobody else on the network can reach the server. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

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
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ message: 'must be a URL, e.g. http://127.0.0.1:9000' }).optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .default('assignment-files'),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  NODE_ENV: z.string().trim().optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_DEMO_PASSWORD),
  SEED_DEMO: booleanFlag.optional(),
  ALLOW_DEMO_ON_NETWORK: booleanFlag.default(false),
  TRUST_PROXY: trustProxy.default(false),
  TEACHER_SIGNUP: z
    .enum(['open', 'domain', 'closed'], { error: 'must be open, domain or closed' })
    .optional(),
  TEACHER_EMAIL_DOMAINS: domainList.optional(),
  STUDENT_EMAIL_DOMAINS: domainList.optional(),
  LLM_PROVIDER: z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']).default('offline'),
  LLM_MODEL: optionalText,
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: optionalText,
  VOICE_COURSE_ID: z.uuid({ message: 'must be a course id (UUID)' }).default(DEMO_VOICE_COURSE_ID),
  VOICE_AGENT_ID: optionalText,
  ELEVENLABS_API_KEY: optionalText,
  ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
  VOICE_WIDGET_SCRIPT_URL: z.url().optional(),
  SIGN_IN_MAX_ATTEMPTS: count(100_000).default(10),
  SIGN_UP_MAX_PER_HOUR: count(100_000).default(30),
  UPLOAD_MAX_PER_HOUR: count(100_000).default(30),
  UPLOAD_MAX_UNSUBMITTED: count(10_000).default(10),
  SUBMISSION_VERSION_LIMIT: count(1000).default(10),
  API_REQUESTS_PER_MINUTE: count(1_000_000).default(600),
  REQUEST_TIMEOUT_SECONDS: count(3600).default(60),
  CONNECTION_TIMEOUT_SECONDS: count(86_400).default(300),
  CPU_WORKERS: z.coerce
    .number({ error: 'must be a whole number from 1 to 32' })
    .int('must be a whole number from 1 to 32')
    .min(1, 'must be a whole number from 1 to 32')
    .max(32, 'must be a whole number from 1 to 32')
    .optional(),
  HELPER_THREAD_NICE: z.coerce
    .number({ error: 'must be a whole number from 0 to 19' })
    .int('must be a whole number from 0 to 19')
    .min(0, 'must be a whole number from 0 to 19')
    .max(19, 'must be a whole number from 0 to 19')
    .optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(
      /^[\w.:-]{1,64}$/,
      'must be 1 to 64 letters, digits, dots, colons, dashes or underscores',
    )
    .default('mylo:'),
  JOB_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number from 1 to 64' })
    .int('must be a whole number from 1 to 64')
    .min(1, 'must be a whole number from 1 to 64')
    .max(64, 'must be a whole number from 1 to 64')
    .default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  storageDir: string;
  /** Where uploaded files live (STORAGE_DRIVER): this machine's disk, or an S3-compatible server. */
  storage:
    | { driver: 'local' }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        forcePathStyle: boolean;
        credentials?: { accessKeyId: string; secretAccessKey: string };
      };
  jwtSecret: string;
  demoPassword: string;
  seedDemo: boolean;
  /** ALLOW_DEMO_ON_NETWORK: demo accounts may be served on a HOST other than loopback. */
  allowDemoOnNetwork: boolean;
  /** NODE_ENV=production: demo data and open teacher sign-up are off unless set explicitly. */
  production: boolean;
  /** Which proxies' X-Forwarded-For/-Proto to believe (Fastify's trustProxy). */
  trustProxy: boolean | number | string[];
  /** Who may create an account of each role (docs/decisions/018). */
  signUp: {
    teacher: 'open' | 'domain' | 'closed';
    /** With teacher=domain: the email domains a teacher's address must be at. */
    teacherDomains: string[];
    /** When not empty: the only email domains students may sign up with. */
    studentDomains: string[];
  };
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
  /** Background jobs (grading suggestions, voice pushes) this instance runs at once. */
  jobConcurrency: number;
  /** Worker threads for PDF text extraction and offline grading (CPU_WORKERS). */
  cpuWorkers: number;
  /**
   * The nice value of the process's threads other than the event loop (HELPER_THREAD_NICE;
   * Linux; 0 leaves them level with it; unset: 10, or 0 on one core):
   * workers/thread-priority.ts.
   */
  helperThreadNice: number;
  /** Versions kept per submission (SUBMISSION_VERSION_LIMIT). */
  submissionVersionLimit: number;
  /** Redis for the abuse limits shared by several instances (REDIS_URL); unset: in memory. */
  redisUrl: string | undefined;
  /** Begins every key this app writes to Redis (REDIS_KEY_PREFIX), so deployments can share one. */
  redisKeyPrefix: string;
  /** Abuse limits (docs/security.md lists each with its setting). */
  limits: {
    /**
     * Failed sign-ins: an account may fail `accountFailures` times in `windowMs`, then waits
     * longer after each further failure; an address (an IPv6 /64) may fail
     * `addressFailures` times in `windowMs`. Successes never count.
     */
    signIn: { accountFailures: number; addressFailures: number; windowMs: number };
    /** Accounts one address may create per hour. */
    signUpsPerHour: number;
    /** Files one student may upload per hour. */
    uploadsPerHour: number;
    /** Uploads one student may keep without submitting them. */
    unsubmittedUploads: number;
    /**
     * API requests per minute: per signed-in account, and (five times as many, since a school
     * may sit behind one address) per address for requests without an account.
     */
    requestsPerMinute: { account: number; address: number };
  };
  /** Slow clients: the whole request must arrive within requestMs; idle connections close. */
  timeouts: { requestMs: number; connectionMs: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/**
 * HELPER_THREAD_NICE when unset: 10, or 0 on one core. There a saturated event loop would leave
 * a nice-10 PDF thread a tenth of the core, and its extraction budget counts wall time; the
 * helpers go below the event loop only where there is a second core for them (decision 054).
 */
export const defaultHelperThreadNice = (cores: number) => (cores > 1 ? 10 : 0);

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
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      'Invalid S3_SECRET_ACCESS_KEY="": S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  const production = e.NODE_ENV === 'production';
  // Demo data is for trying the product on one's own machine: off in production unless asked.
  const seedDemo = e.SEED_DEMO ?? !production;
  if (seedDemo && !isLoopbackHost(e.HOST) && !e.ALLOW_DEMO_ON_NETWORK) {
    problems.push(
      `Invalid SEED_DEMO=${JSON.stringify(env.SEED_DEMO ?? '')}: demo accounts with a published password would be reachable from the network on HOST=${e.HOST}; set SEED_DEMO=false (or ALLOW_DEMO_ON_NETWORK=true to accept that)`,
    );
  }
  const teacherSignUp = e.TEACHER_SIGNUP ?? (production ? 'closed' : 'open');
  if (teacherSignUp === 'domain' && !e.TEACHER_EMAIL_DOMAINS) {
    problems.push('Invalid TEACHER_EMAIL_DOMAINS="": required when TEACHER_SIGNUP=domain');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    storageDir: e.STORAGE_DIR ? resolve(e.STORAGE_DIR) : join(dataDir, 'files'),
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            // S3-compatible servers (MinIO, s3rver…) need path-style addressing; AWS does not.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
            ...(e.S3_ACCESS_KEY_ID &&
              e.S3_SECRET_ACCESS_KEY && {
                credentials: {
                  accessKeyId: e.S3_ACCESS_KEY_ID,
                  secretAccessKey: e.S3_SECRET_ACCESS_KEY,
                },
              }),
          }
        : { driver: 'local' },
    jwtSecret: e.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    demoPassword: e.DEMO_PASSWORD,
    seedDemo,
    allowDemoOnNetwork: e.ALLOW_DEMO_ON_NETWORK,
    production,
    trustProxy: e.TRUST_PROXY,
    signUp: {
      teacher: teacherSignUp,
      teacherDomains: e.TEACHER_EMAIL_DOMAINS ?? [],
      studentDomains: e.STUDENT_EMAIL_DOMAINS ?? [],
    },
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
    jobConcurrency: e.JOB_CONCURRENCY,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    // Leave a core to the event loop where there are few.
    cpuWorkers: e.CPU_WORKERS ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
    helperThreadNice: e.HELPER_THREAD_NICE ?? defaultHelperThreadNice(availableParallelism()),
    submissionVersionLimit: e.SUBMISSION_VERSION_LIMIT,
    limits: {
      // One address may fail ten times as often as one account: it may serve a whole class.
      signIn: {
        accountFailures: e.SIGN_IN_MAX_ATTEMPTS,
        addressFailures: e.SIGN_IN_MAX_ATTEMPTS * 10,
        windowMs: SIGN_IN_WINDOW_MS,
      },
      signUpsPerHour: e.SIGN_UP_MAX_PER_HOUR,
      uploadsPerHour: e.UPLOAD_MAX_PER_HOUR,
      unsubmittedUploads: e.UPLOAD_MAX_UNSUBMITTED,
      requestsPerMinute: {
        account: e.API_REQUESTS_PER_MINUTE,
        address: e.API_REQUESTS_PER_MINUTE * 5,
      },
    },
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      connectionMs: e.CONNECTION_TIMEOUT_SECONDS * 1000,
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
