/**
 * Behind an identity-aware proxy: Cloudflare Access. Cloudflare signs in the person (Google,
 * Microsoft, one-time PIN…) and sends every request on with `Cf-Access-Jwt-Assertion`, a JWT
 * signed RS256 with the team's keys (published at <team domain>/cdn-cgi/access/certs). The
 * Estúdio checks it on every request with node:crypto: the algorithm (RS256 only, never "none"
 * or an HMAC), the signature with the key named by `kid`, `exp`, `nbf`, the issuer (the team
 * domain) and the audience (the application's AUD tag). Without a valid one: 401.
 * https://developers.cloudflare.com/cloudflare-one/identity/authorization-cookie/validating-json/
 */
import { createPublicKey, verify as verifySignature, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ActingPerson } from '../people.ts';

export interface ProxyOptions {
  /** The team domain, https://<team>.cloudflareaccess.com: the JWT's `iss`. */
  issuer: string;
  /** The Access application's AUD tag: the JWT's `aud` must contain it. */
  audience: string;
  /** Default: `<issuer>/cdn-cgi/access/certs`. */
  jwksUrl?: string;
  /** Fixed keys instead of fetching them (tests, or a host that cannot reach Cloudflare). */
  jwks?: { keys: JsonWebKey[] };
  /** Default: cf-access-jwt-assertion. */
  header?: string;
}

export const DEFAULT_PROXY_HEADER = 'cf-access-jwt-assertion';

/** Clock difference tolerated between Cloudflare and this host. */
const LEEWAY_S = 30;
/** Keys are fetched again after this long, or sooner for an unknown `kid` (at most once a minute). */
const KEYS_TTL_MS = 3600_000;
const REFETCH_MIN_MS = 60_000;

export class ProxyAuthError extends Error {
  override name = 'ProxyAuthError';
}

export interface ProxyVerifier {
  header: string;
  /** The person the request's signed header names; throws ProxyAuthError with the reason. */
  person(req: IncomingMessage): Promise<ActingPerson>;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const B64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw new ProxyAuthError(`${what} do token não é um JSON válido.`);
}

export function createProxyVerifier(options: ProxyOptions, now: () => number = Date.now): ProxyVerifier {
  const issuer = trimSlash(options.issuer);
  const header = (options.header ?? DEFAULT_PROXY_HEADER).toLowerCase();
  const jwksUrl = options.jwksUrl ?? `${issuer}/cdn-cgi/access/certs`;
  let keys = new Map<string, KeyObject>();
  let fetchedAt = -Infinity;
  let fetching: Promise<void> | undefined;

  const load = (jwks: { keys?: unknown }) => {
    const next = new Map<string, KeyObject>();
    for (const jwk of Array.isArray(jwks.keys) ? (jwks.keys as JsonWebKey[]) : []) {
      if (jwk.kty !== 'RSA' || typeof jwk.kid !== 'string') continue;
      if (jwk.use !== undefined && jwk.use !== 'sig') continue;
      if (jwk.alg !== undefined && jwk.alg !== 'RS256') continue;
      try {
        const key = createPublicKey({ key: jwk, format: 'jwk' });
        if ((key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048) next.set(jwk.kid, key);
      } catch {
        // A key node:crypto cannot import is skipped.
      }
    }
    keys = next;
  };
  if (options.jwks) load(options.jwks);

  const refresh = () =>
    (fetching ??= (async () => {
      try {
        const response = await fetch(jwksUrl, { signal: AbortSignal.timeout(5000) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        load((await response.json()) as { keys?: unknown });
        fetchedAt = Date.now();
      } catch (error) {
        // The keys already known keep working; the next request tries again after the pause.
        fetchedAt = Date.now() - KEYS_TTL_MS + REFETCH_MIN_MS;
        console.error(`Estúdio: as chaves do proxy (${jwksUrl}) não puderam ser lidas: ${String(error)}`);
      } finally {
        fetching = undefined;
      }
    })());

  const keyFor = async (kid: string): Promise<KeyObject | undefined> => {
    if (options.jwks) return keys.get(kid);
    const age = Date.now() - fetchedAt;
    if (age >= KEYS_TTL_MS || (!keys.has(kid) && age >= REFETCH_MIN_MS)) await refresh();
    return keys.get(kid);
  };

  return {
    header,
    async person(req) {
      const value = req.headers[header];
      if (typeof value !== 'string' || value === '')
        throw new ProxyAuthError('o pedido não traz o cabeçalho assinado do proxy.');
      const parts = value.split('.');
      if (parts.length !== 3 || !parts.every((p) => B64URL.test(p)))
        throw new ProxyAuthError('o cabeçalho do proxy não é um JWT.');
      const [head, body, signature] = parts as [string, string, string];
      const jose = decodeJson(head, 'O cabeçalho');
      if (jose.alg !== 'RS256') throw new ProxyAuthError(`algoritmo recusado: ${String(jose.alg)}.`);
      if (typeof jose.kid !== 'string') throw new ProxyAuthError('o token não diz qual chave o assinou.');
      const key = await keyFor(jose.kid);
      if (!key) throw new ProxyAuthError('o token foi assinado por uma chave desconhecida.');
      const valid = verifySignature(
        'sha256',
        Buffer.from(`${head}.${body}`),
        key,
        Buffer.from(signature, 'base64url'),
      );
      if (!valid) throw new ProxyAuthError('a assinatura do token não confere.');

      const claims = decodeJson(body, 'O conteúdo');
      const at = now() / 1000;
      if (typeof claims.exp !== 'number') throw new ProxyAuthError('o token não tem validade (exp).');
      if (at > claims.exp + LEEWAY_S) throw new ProxyAuthError('o token expirou.');
      if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || at < claims.nbf - LEEWAY_S))
        throw new ProxyAuthError('o token ainda não vale (nbf).');
      if (typeof claims.iss !== 'string' || trimSlash(claims.iss) !== issuer)
        throw new ProxyAuthError('o token foi emitido por outro domínio (iss).');
      const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!audiences.includes(options.audience))
        throw new ProxyAuthError('o token é de outra aplicação (aud).');
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!/^[^\s@]+@[^\s@]+$/.test(email))
        throw new ProxyAuthError('o token não traz o e-mail de uma pessoa (um token de serviço?).');
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email;
      // Cloudflare Access decides who enters; the gate replaces this role with papeis.json's (access-roles.ts).
      return { name, email, role: 'administrador' };
    },
  };
}
