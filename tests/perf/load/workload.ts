// The workload: the paths, their share of the requests and the answers each is expected to give.

export interface Fixtures {
  publicReferences: string[];
  unknownReferences: string[];
  memberEmails: string[];
  runId: string;
}

export interface PlannedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface Endpoint {
  name: string;
  /** share of the requests, out of the weights' sum */
  weight: number;
  /** answers that are the endpoint doing its job (a wrong password, an unknown reference, a limit reached) */
  expected4xx: number[];
  /** the i-th request to this endpoint */
  plan: (i: number, fixtures: Fixtures) => PlannedRequest;
  /** the client address the server sees (X-Forwarded-For); by default a new one for every request */
  ip?: string;
}

/** One address per request, cycling through 198.18.0.0/15 (RFC 2544's benchmarking range; only a header here). */
export function clientIp(n: number): string {
  const i = n % 131_072;
  return `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
}
export const ONE_CLIENT_IP = '203.0.113.7';

export function pick<T>(list: T[], i: number): T {
  const value = list[i % list.length];
  if (value === undefined) throw new Error('empty fixture list');
  return value;
}

export const TOPICS = ['communication', 'readiness', 'finances', 'faith-family', 'dating-confidence'];
export const COUNTRIES = ['GB', 'NG', 'GH', 'US', 'ZA', 'CA'];

export const ENDPOINTS: Endpoint[] = [
  { name: 'GET / (prerendered)', weight: 14, expected4xx: [], plan: () => get('/') },
  { name: 'GET /terms (prerendered)', weight: 6, expected4xx: [], plan: () => get('/terms') },
  { name: 'GET /faq (server-rendered)', weight: 12, expected4xx: [], plan: () => get('/faq') },
  {
    name: 'GET /api/v1/faqs',
    weight: 18,
    expected4xx: [],
    plan: (i) => get(`/api/v1/faqs?faq_type=${i % 3 ? 'faqs' : 'points'}`),
  },
  {
    name: 'GET search/match public ref',
    weight: 18,
    expected4xx: [429],
    plan: (i, f) => get(`/api/v1/search/match?contact_reference=${pick(f.publicReferences, i)}`),
  },
  {
    name: 'GET search/match unknown ref',
    weight: 8,
    expected4xx: [404, 429],
    plan: (i, f) => get(`/api/v1/search/match?contact_reference=${pick(f.unknownReferences, i)}`),
  },
  {
    // someone guessing references from one address: 60 a minute answer 404, the rest 429 (docs/security.md target 11)
    name: 'GET search/match one IP',
    weight: 4,
    expected4xx: [404, 429],
    plan: (i, f) => get(`/api/v1/search/match?contact_reference=${pick(f.unknownReferences, i)}`),
    ip: ONE_CLIENT_IP,
  },
  {
    // every one costs an argon2id verification (members' and unknown addresses alike): the dearest request here
    name: 'POST auth/login wrong pw',
    weight: 1,
    expected4xx: [401, 429],
    plan: (i, f) =>
      post('/api/v1/auth/login', {
        email: i % 2 ? pick(f.memberEmails, i) : `nobody-${f.runId}-${i}@load.example`,
        password: `wrong-password-${i}`,
      }),
  },
  {
    name: 'POST trpc training.signup',
    weight: 7,
    expected4xx: [429],
    plan: (i, f) =>
      post('/trpc/training.signup', {
        first_name: 'Load',
        email: `load-${f.runId}-${i}@load.example`,
        country_code: pick(COUNTRIES, i),
        topics: [pick(TOPICS, i), pick(TOPICS, i + 2)],
        consent: true,
      }),
  },
  { name: 'GET /healthz', weight: 12, expected4xx: [], plan: () => get('/healthz') },
];

export function get(path: string): PlannedRequest {
  return { method: 'GET', path };
}
export function post(path: string, body: unknown): PlannedRequest {
  return { method: 'POST', path, body: JSON.stringify(body) };
}

/** The weights laid out as a shuffled deck of endpoint indexes, dealt in turn: the mix is exact over each deck. */
export function buildDeck(): number[] {
  const deck = ENDPOINTS.flatMap((endpoint, index) => Array<number>(endpoint.weight).fill(index));
  let seed = 20;
  for (let i = deck.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    const j = seed % (i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}
