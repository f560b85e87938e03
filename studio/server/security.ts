/**
 * Who may talk to the Estúdio: the browser that opened the address printed in the terminal
 * (its token becomes a cookie), through 127.0.0.1 or localhost on the Estúdio's port only
 * (a foreign Host header is a DNS-rebinding attempt), and, for anything that changes files,
 * from the Estúdio's own pages (a foreign Origin is another site the author has open).
 * Hosted (hosted/gate.ts), the same checks hold against the public address, with a signed-in
 * session instead of the token, and every answer carries a Content-Security-Policy (below).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PAGE_STYLE } from './http.ts';

/**
 * The session cookie's name carries the port: browsers send a 127.0.0.1 cookie to every port, so
 * two Estúdios on one machine (or any other local server) would otherwise share one name.
 */
export const cookieName = (port: number): string => `estudio-${port}`;

/** 32 random bytes, base64url: the secret in the printed address. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Constant-time comparison. Both sides are hashed first, so the comparison takes the same time
 * whatever the length of the guess (timingSafeEqual itself needs equal lengths).
 */
export function sameSecret(given: string, token: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** Every value of cookie `name` in a Cookie header (a browser may send two with one name). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
}

export function hasSessionCookie(req: IncomingMessage, port: number, token: string): boolean {
  return cookieValues(req.headers.cookie, cookieName(port)).some((value) => sameSecret(value, token));
}

/** Set-Cookie for the session: never readable by scripts, never sent by another site's request. */
export function sessionCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/** The Host header must name this server exactly, by 127.0.0.1 or localhost and its port. */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** Requests that may change something must come from the Estúdio's own pages. */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

export function isSafeMethod(method: string | undefined): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** On every answer. */
export function setBaseHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/** The app itself is never framed (clickjacking): CSP for current browsers, X-Frame-Options for old ones. */
export function setNoFramingHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
  res.setHeader('X-Frame-Options', 'DENY');
}

/** The preview frame's one script (public-files.ts's PREVIEW_AGENT; a test checks that they agree). */
export const PREVIEW_AGENT_PATH = '/estudio/preview-agent.js';

/**
 * The preview frame's page, /estudio/preview.html: served without the cookie, so it protects
 * itself. `sandbox allow-scripts` gives it an opaque origin even when it is opened on its own,
 * outside the frame (no cookie, no storage, nothing of the Estúdio's origin). Its sources name the
 * Estúdio by its address (`host`, already checked against the Estúdio's own) rather than 'self',
 * which browsers do not all read the same way in an opaque origin; an http: source also matches
 * the same address over https, as hosted. The one script it runs is the agent, by its path: the
 * rendered page's own scripts never run here. What the page shows still loads: its inline style
 * elements and attributes (Emotion, framer-motion), its fonts and images from the Estúdio (the
 * site's public files, /assets/, /images/), data: images. No request of any other kind (fetch,
 * WebSocket, beacons, frames, media, workers, manifest), no form target, no <base>, and only the
 * Estúdio may frame it.
 */
export function previewCsp(host: string | undefined): string {
  const estudio = host ? `http://${host}` : "'self'";
  return [
    "default-src 'none'",
    `script-src ${host ? `${estudio}${PREVIEW_AGENT_PATH}` : "'none'"}`,
    "style-src 'unsafe-inline'",
    `font-src ${estudio}`,
    `img-src ${estudio} data:`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    'sandbox allow-scripts',
  ].join('; ');
}

/**
 * The preview frame's page: framed by the app only, under previewCsp. The Host header was checked
 * before any public file is answered (server.ts), so it names the Estúdio's own address.
 */
export function setPreviewFrameHeaders(res: ServerResponse): void {
  res.removeHeader('X-Frame-Options');
  res.setHeader('Content-Security-Policy', previewCsp(res.req?.headers.host));
}

/**
 * The site's public files (fonts, images, the preview agent), answered without the cookie. The
 * preview frame is sandboxed without allow-same-origin, so its origin is opaque ("null") and its
 * font and module-script requests are CORS requests: `*` lets them load (they are public files,
 * and no credentials are ever allowed with `*`). A public file opened on its own, such as an SVG,
 * gets a sandboxed CSP so it can never run script with the Estúdio's origin.
 */
export function setPublicFileHeaders(res: ServerResponse): void {
  res.removeHeader('X-Frame-Options');
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  );
}

// ---------------------------------------------------------------------------------------------
// Hosted mode (decision 0018).

/**
 * The hosted session cookie. `__Host-`: the browser accepts it only with Secure, Path=/ and no
 * Domain, so no other host (a subdomain included) can set or shadow it.
 */
export const HOSTED_COOKIE = '__Host-estudio';

/** Set-Cookie for a hosted session: HTTPS only, never readable by scripts, never sent cross-site. */
export function hostedSessionCookie(id: string, maxAgeSeconds: number): string {
  return `${HOSTED_COOKIE}=${id}; Secure; HttpOnly; SameSite=Strict; Path=/; Max-Age=${Math.floor(maxAgeSeconds)}`;
}

/** Set-Cookie that removes the hosted session cookie (logout, an ended session). */
export function clearedHostedCookie(): string {
  return `${HOSTED_COOKIE}=; Secure; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}

/** The base of every hosted policy: nothing loads, nothing frames it, no <base>, no form target. */
const LOCKED = ["frame-ancestors 'none'", "base-uri 'none'"];

/** The API's JSON, redirects, the health check and anything else that is not a page. */
export const API_CSP = ["default-src 'none'", ...LOCKED, "form-action 'none'"].join('; ');

/**
 * sendPage's refusals and notices: text only, with the one style attribute of http.ts allowed by
 * its hash ('unsafe-hashes' is what lets a hash cover a style attribute).
 */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'unsafe-hashes' 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`,
  ...LOCKED,
  "form-action 'none'",
].join('; ');

/** The sign-in page: its stylesheet, the site's fonts and icon, and a form posting to itself. */
export const LOGIN_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "font-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  ...LOCKED,
].join('; ');

/**
 * The app (its page, its built scripts and the YAML worker): scripts from the Estúdio only, no
 * inline script, no eval; style elements only with this answer's nonce (Emotion's and
 * CodeMirror's, which read it from the page, and the palette's srcdoc thumbnails, which inherit
 * this policy); style attributes in markup, which a nonce cannot cover, for the transforms
 * framer-motion writes into two blocks' server HTML (gallery, loadingOverlay) seen in those
 * thumbnails: an attribute styles only its own element, and with images and requests limited
 * to the Estúdio it can send nothing anywhere. data: images for CodeMirror's lint underlines;
 * the sandboxed preview frame from the Estúdio's own /estudio/preview.html; requests to the
 * Estúdio only.
 */
export function appCsp(nonce?: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
    "style-src-attr 'unsafe-inline'",
    "font-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "frame-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    ...LOCKED,
  ].join('; ');
}

/** A nonce for one answer: 16 random bytes. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * The hosted Host check: exactly the public address's host (and port, when it names one). Behind
 * a proxy, the proxy must pass the Host header on unchanged (it is what the person typed).
 */
export function hostedHostAllowed(req: IncomingMessage, publicUrl: URL): boolean {
  return req.headers.host === publicUrl.host;
}

/** The hosted Origin check: writes only from the public address's own pages. */
export function hostedOriginAllowed(req: IncomingMessage, publicUrl: URL): boolean {
  return req.headers.origin === publicUrl.origin;
}

/** Hosted, on every answer: the policy for anything that is not a page (answers override it). */
export function setHostedBaseHeaders(res: ServerResponse, publicUrl: URL): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', API_CSP);
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  if (publicUrl.protocol === 'https:')
    res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
