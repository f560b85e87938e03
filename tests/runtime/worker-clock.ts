/**
 * A module to put in front of the built Cloudflare worker in workerd (Miniflare), next to dist/.
 * The built worker cannot be given a clock (cloudflareWorker uses the splitter's default,
 * `new Date()`, and workerd's clock is the real one), so this module replaces the global Date
 * while one request runs: `X-Test-Now` (taken off before the worker sees the request) is the
 * instant `new Date()` and `Date.now()` give. Everything else (the worker, the manifest inlined in
 * it, Intl with its time-zone data) is the build's and workerd's.
 */
import { CLOUDFLARE_WORKER_FILE } from '../../runtime/build/index.ts';

export const CLOCK_MODULE = `import worker from './dist/${CLOUDFLARE_WORKER_FILE}';
const RealDate = Date;
let fixed = null;
globalThis.Date = class extends RealDate {
  constructor(...args) {
    if (args.length === 0 && fixed !== null) super(fixed);
    else super(...args);
  }
  static now() {
    return fixed ?? RealDate.now();
  }
};
export default {
  async fetch(request, env, ctx) {
    const at = request.headers.get('X-Test-Now');
    const headers = new Headers(request.headers);
    headers.delete('X-Test-Now');
    fixed = at === null ? null : RealDate.parse(at);
    try {
      return await worker.fetch(new Request(request, { headers }), env, ctx);
    } finally {
      fixed = null;
    }
  },
};
`;
