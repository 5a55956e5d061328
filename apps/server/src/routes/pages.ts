import { jsonScriptElement } from '@rhema/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type BuiltFile, readBuiltFile, sendBuiltFile } from './built-files';
import { knownPages, NOT_FOUND_FILE, signedInPages } from './known-pages';
import { contentSecurityPolicy, newScriptNonce, pageScriptPolicy } from '../plugins/security-headers';
import { prerenderedPages } from './prerendered';
import { searchOf, type ServerRenderer } from './server-rendered';

export interface PagesOptions {
  /** the web build (index.html, prerendered/) */
  webDir: string;
  serverRendered: ServerRenderer | null;
  /**
   * The signed-in user's `auth.session` answer, put into the page so the app's route guards know the user at once
   * (docs/decisions/130-signed-in-pages-without-a-waterfall.md); the page goes without it when this fails.
   */
  sessionOf?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** The requester's procedure context, for the signed-in pages the server renders with their session. */
  contextOf?: (request: FastifyRequest, reply: FastifyReply) => Promise<object>;
}

/** The element the app reads the embedded session from (apps/web/src/lib/session.ts readEmbeddedSession). */
export const EMBEDDED_SESSION_ID = 'rhema-session';

/** The signed-in user's session, put into the page for the app (apps/web/src/lib/session.ts reads it). */
export function embedSession(html: string, session: unknown): string {
  // a function, so no `$` in the data is read as a replacement pattern
  return html.replace('</head>', () => `${jsonScriptElement(EMBEDDED_SESSION_ID, session)}</head>`);
}

/**
 * The match reference search sent without the app (apps/web/src/features/match/ReferenceSearch.tsx, a GET form to
 * /private-match): the match's page, where the app would have gone, or undefined for any other request.
 */
export function referenceSearchTarget(url: string): string | undefined {
  const [path, query] = url.split(/[?#]/, 2);
  if (!/^\/private-match\/?$/.test(path ?? '') || !query) return undefined;
  const reference = new URLSearchParams(query).get('reference')?.trim();
  return reference ? `/private-match/${encodeURIComponent(reference)}` : undefined;
}

/** A page of the app, not the API and not a file (no extension): what this route answers. */
export function isPageUrl(url: string): boolean {
  return !url.startsWith('/trpc') && !url.startsWith('/api/') && !/\.[a-z0-9]+(\?|$)/i.test(url);
}

/**
 * A page for a signed-in browser: marked (the app's header then shows nothing until it knows the member, see
 * apps/web/src/features/auth/AccountNav.tsx) and without the static links and buttons meant for visitors (Login,
 * Create account, the marketing links and their menu button: `data-visitor-only`, none nesting another).
 */
export function forSignedIn(html: string): string {
  return markSignedIn(html).replace(/<(a|button)\b[^>]*\bdata-visitor-only\b[^>]*>[\s\S]*?<\/\1>/g, '');
}

/** `<html data-signed-in>`, unless the page was rendered with it (apps/web/src/prerender/render.tsx). */
const markSignedIn = (html: string) =>
  html.replace(/<html\b(?![^>]*\bdata-signed-in\b)/, '<html data-signed-in');

const HTML = 'text/html; charset=utf-8';

function sendHtml(reply: FastifyReply, html: string) {
  return reply.type(HTML).send(html);
}

/**
 * Every page request (GET, not the API, not a file) that no other route answers: the server-rendered public
 * pages (their data from the database), the prerendered ones, and for every other route of the app the app shell
 * (the app routes it in the browser). A path no route matches gets a 404 with the app's not-found page; anything
 * else is a JSON 404.
 */
export function registerPages(
  app: FastifyInstance,
  { webDir, serverRendered, sessionOf, contextOf }: PagesOptions,
): void {
  const prerendered = prerenderedPages(webDir);
  const isKnownPage = knownPages(webDir);
  const isSignedInPage = signedInPages(webDir);
  const pages = new Map<string, BuiltFile>();
  const builtPage = (file: string) => {
    let page = pages.get(file);
    if (page === undefined) {
      page = readBuiltFile(webDir, file, HTML);
      pages.set(file, page);
    }
    return page;
  };
  const readPage = (file: string) => builtPage(file).identity.toString('utf8');

  if (serverRendered) {
    // Rendered once in the background so the first visitor does not wait for it, but only once the server has
    // answered its first request (a load balancer's health check, as a rule) or a few seconds after it listens:
    // loading the 3 MB renderer holds the event loop for a while, and a start is counted until /healthz answers
    // (docs/decisions/101-request-overhead.md).
    let warmed = false;
    const warmUp = () => {
      if (warmed) return;
      warmed = true;
      for (const path of serverRendered.paths)
        serverRendered
          .render(path)
          .catch((error: unknown) => app.log.warn({ err: error, path }, 'warm-up render failed'));
    };
    app.addHook('onResponse', (_request, _reply, done) => {
      if (!warmed) setImmediate(warmUp);
      done();
    });
    app.addHook('onListen', async () => {
      setTimeout(warmUp, 5_000).unref();
    });
  }

  const sendSignedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    personal = false,
  ) => {
    // a page rendered for this member shows what the app shows them (the app hydrates it as it is); a page drawn
    // for visitors loses what is only theirs
    const marked = personal ? markSignedIn(html) : forSignedIn(html);
    // the page now carries who is signed in: for this browser only; a page rendered with the member's own data is
    // not kept in the browser's cache either (a shared computer's Back after logout asks the server again)
    reply.header('cache-control', personal ? 'private, no-store' : 'private, no-cache');
    let session: unknown;
    try {
      session = await sessionOf?.(request, reply);
    } catch (error) {
      // the app asks for the session itself
      request.log.warn({ err: error }, 'could not embed the session in the page');
    }
    return sendHtml(reply, session === undefined ? marked : embedSession(marked, session));
  };

  // A built page (prerendered, the not-found page) runs the inline scripts the build hashed (the router's state); a
  // page rendered for this request, those carrying its nonce (docs/decisions/220-tanstack-router-ssr.md)
  const builtFilePolicy = (reply: FastifyReply, file: string) =>
    reply.header(
      'content-security-policy',
      contentSecurityPolicy(serverRendered?.scriptHashesOf(file) ?? []),
    );
  const noncePolicy = (reply: FastifyReply, nonce: string) =>
    reply.header('content-security-policy', pageScriptPolicy(nonce));

  const notFound = (reply: FastifyReply) => reply.status(404).send({ success: false, message: 'Not found' });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  // a route, not the not-found handler: route hooks (compression) apply; the static files' own routes come first
  app.get('/*', async (request, reply) => {
    if (!isPageUrl(request.url)) return notFound(reply);
    reply.header('cache-control', 'no-cache');
    const searched = referenceSearchTarget(request.url);
    if (searched) return reply.redirect(searched, 303);
    const signedIn = request.auth !== null;
    // an address no route of the app answers: 404, with the app's not-found page (the build renders it)
    if (isKnownPage && !isKnownPage(request.url)) {
      reply.code(404);
      builtFilePolicy(reply, NOT_FOUND_FILE);
      if (signedIn) return sendSignedIn(request, reply, readPage(NOT_FOUND_FILE));
      return sendBuiltFile(request, reply, builtPage(NOT_FOUND_FILE));
    }
    // a member page without a session: to the login page at once, as the app's guard would after loading, and back
    // after signing in: no page loads its scripts only to send the visitor away
    if (!signedIn && isSignedInPage?.(request.url))
      return reply.redirect(`/auth/login?redirect=${encodeURIComponent(request.url)}`, 302);
    // public pages with content from the database are rendered here with the data of the moment (kept for a while:
    // the same for everyone), their inline scripts allowed by their hashes
    const serverPath = serverRendered?.pathOf(request.url);
    if (serverRendered && serverPath) {
      try {
        const { html, scripts } = await serverRendered.render(serverPath);
        reply.header('content-security-policy', contentSecurityPolicy(scripts));
        return signedIn ? sendSignedIn(request, reply, html) : sendHtml(reply, html);
      } catch (error) {
        // the app renders the page itself in the browser
        request.log.error({ err: error, path: serverPath }, 'server rendering failed: sending the app shell');
      }
    }
    // a prerendered page whose query string chooses what it shows (a tab, a form's outcome), rendered for it: what
    // a link or a form of the page, followed without the app, asked for; kept like the pages above, per query
    const searchedPath = serverRendered?.searchedPathOf(request.url);
    if (serverRendered && searchedPath) {
      try {
        const { html, scripts } = await serverRendered.render(searchedPath, searchOf(request.url));
        reply.header('content-security-policy', contentSecurityPolicy(scripts));
        return signedIn ? sendSignedIn(request, reply, html) : sendHtml(reply, html);
      } catch (error) {
        // the prerendered page, which the app corrects once it runs
        request.log.warn(
          { err: error, path: searchedPath },
          'page not rendered for its query: sending it as built',
        );
      }
    }
    // every signed-in page, rendered with the requester's session (decisions 140, 190)
    const signedInPath = signedIn && contextOf ? serverRendered?.signedInPathOf(request.url) : undefined;
    if (serverRendered && contextOf && signedInPath) {
      try {
        const nonce = newScriptNonce();
        const html = await serverRendered.renderSignedIn(
          request.url,
          () => contextOf(request, reply),
          serverRendered.consentCookieName
            ? (request.cookies[serverRendered.consentCookieName] ?? null)
            : undefined,
          nonce,
        );
        noncePolicy(reply, nonce);
        return sendSignedIn(request, reply, html, true);
      } catch (error) {
        // the app draws the page itself in the browser, as before
        request.log.warn(
          { err: error, path: signedInPath },
          'signed-in page not rendered: sending the app shell',
        );
      }
    }
    // public pages the same for everyone come prerendered (apps/web/vite-plugins.ts)
    const file = prerendered(request.url) ?? 'index.html';
    builtFilePolicy(reply, file);
    if (signedIn) return sendSignedIn(request, reply, readPage(file));
    // as built, compressed at build time
    return sendBuiltFile(request, reply, builtPage(file));
  });
}
