/**
 * Who may talk to the Estúdio: the browser that opened the address printed in the terminal
 * (its token becomes a cookie), through 127.0.0.1 or localhost on the Estúdio's port only
 * (a foreign Host header is a DNS-rebinding attempt), and, for anything that changes files,
 * from the Estúdio's own pages (a foreign Origin is another site the author has open).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

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

/** The preview frame is framed by the app only. */
export function setPreviewFrameHeaders(res: ServerResponse): void {
  res.removeHeader('X-Frame-Options');
  res.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
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
