import { createCaller, type Context } from '@rhema/api';
import {
  TRAINING_FORM_FIELDS,
  TRAINING_FORM_PATH,
  trainingSignupOutcomePath,
  ZTrainingSignupRequest,
  type TTrainingSignupOutcome,
} from '@rhema/schemas';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The /training signup form posted by the browser itself: JavaScript off, or pressed before the app hydrated the
// page (a press is not replayed since docs/decisions/220-tanstack-router-ssr.md). The same procedure as the app's
// call (training.signup) decides; the answer is a 303 back to the page, whose query string says how it went
// (ZTrainingSignupOutcome), so a reload does not post again.

const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface TrainingFormOptions {
  createContext: (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;
}

/** The posted fields as the app's form sends them: 'Prefer not to say' (an empty country) is no country. */
function signupOf(form: URLSearchParams) {
  const countryCode = form.get('country_code') ?? '';
  return {
    first_name: form.get('first_name') ?? '',
    email: form.get('email') ?? '',
    ...(countryCode ? { country_code: countryCode } : {}),
    topics: form.getAll('topics'),
    // an unticked checkbox is not sent at all
    consent: form.has('consent'),
  };
}

export async function trainingFormRoutes(app: FastifyInstance, options: TrainingFormOptions) {
  // this scope's only body: a small urlencoded form (any other type gets Fastify's 415)
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
    done(null, new URLSearchParams(body as string)),
  );

  app.post(TRAINING_FORM_PATH, { config: { anonymousFormPost: true } }, async (request, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const signup = signupOf(form);
    const back = (outcome: TTrainingSignupOutcome) =>
      reply.header('cache-control', 'no-store').redirect(trainingSignupOutcomePath(outcome), 303);
    // the fields to show again beside the refusal (not the email, see ZTrainingSignupOutcome)
    const kept = {
      ...(signup.first_name ? { first_name: signup.first_name.slice(0, 200) } : {}),
      ...(signup.country_code ? { country_code: signup.country_code.slice(0, 8) } : {}),
      ...(signup.topics.length ? { topics: signup.topics.slice(0, 5).map((t) => t.slice(0, 40)) } : {}),
    };
    // the schema's verdict names the fields to fix; the page shows that schema's own messages for them
    const parsed = ZTrainingSignupRequest.safeParse(signup);
    if (!parsed.success) {
      const named = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      const invalid = TRAINING_FORM_FIELDS.filter((field) => named.has(field));
      return back({ signup: 'invalid', invalid, ...kept });
    }
    try {
      await createCaller(await options.createContext(request, reply)).training.signup(parsed.data);
      return back({ signup: 'done' });
    } catch (error) {
      if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS')
        return back({ signup: 'limited', ...kept });
      request.log.error({ err: error }, 'training signup form failed');
      return back({ signup: 'failed', ...kept });
    }
  });
}
