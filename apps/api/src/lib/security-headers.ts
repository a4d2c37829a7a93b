import type { ServerResponse } from 'node:http';
import { type Env, servedOverHttps } from '../config/env.js';

/** The security headers of every answer, name → value (lower-case names). */
export type SecurityHeaders = readonly (readonly [string, string])[];

/**
 * The Content-Security-Policy of the SPA and of every API answer (DESIGN §4), in the order helmet
 * wrote it, so a diff of responses before and after @fastify/helmet was dropped shows nothing.
 */
function contentSecurityPolicy(https: boolean): string {
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['base-uri', "'self'"],
    ['font-src', "'self' data:"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ['img-src', "'self' data: blob:"],
    ['object-src', "'none'"],
    ['script-src', "'self'"],
    ['script-src-attr', "'none'"],
    // antd writes its component styles at run time.
    ['style-src', "'self' 'unsafe-inline'"],
    // Only an HTTPS site may ask the browser to upgrade: on http://<LAN-IP>:3000 it would send every
    // script to an https:// that does not exist and show a blank page.
    ...(https ? [['upgrade-insecure-requests', ''] as [string, string]] : []),
    ['connect-src', "'self'"],
  ];
  return directives.map(([name, value]) => (value ? `${name} ${value}` : name)).join(';');
}

/**
 * The headers @fastify/helmet 8 sent with the app's options, computed once from the configuration
 * instead of by helmet on every request (issue 21: it rebuilt the CSP each time). HSTS only when
 * the app is served over HTTPS (issue 19): over plain HTTP a browser ignores it at best, and a LAN
 * address that later gains a certificate on another port would be pinned to HTTPS for a year.
 */
export function securityHeaders(env: Env): SecurityHeaders {
  const https = servedOverHttps(env);
  const headers: [string, string][] = [
    ['content-security-policy', contentSecurityPolicy(https)],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'no-referrer'],
    ...(https ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
  return Object.freeze(headers.map((pair) => Object.freeze(pair)));
}

/**
 * Puts the headers on the Node response itself, as helmet did: they reach answers Fastify does not
 * write (the live stream's hijacked reply, the router's own 400), and a header a route sets through
 * the reply (a file's sandbox CSP, the Swagger UI's own CSP) still wins, since Node lets
 * `writeHead` override what `setHeader` put.
 */
export function setSecurityHeaders(response: ServerResponse, headers: SecurityHeaders): void {
  for (const [name, value] of headers) response.setHeader(name, value);
}
