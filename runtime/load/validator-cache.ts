/**
 * The page and site validators, kept on disk as ajv's standalone code by a fingerprint of the
 * schema. Compiling the page schema costs about 1 s of CPU, paid by every build process and every
 * Estúdio start; loading the kept code, a few tens of milliseconds. Node only (the browser's
 * editor compiles with createValidator).
 *
 * The code is evaluated the same way whether it was just compiled or read back, so a process that
 * compiles and one that reads behave alike. A file that is unreadable, cut short or does not
 * evaluate is ignored and written again; a schema, ajv version or ajv setting that changed gives
 * another fingerprint, so a stale file is never read.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createAjv, validatorOf, FORMATS, type Validator } from './validate.ts';

const require = createRequire(import.meta.url);
const AJV_VERSION = (require('ajv/package.json') as { version: string }).version;

/** node_modules/.cache/fillgas-validators of the project this module belongs to. */
export const DEFAULT_CACHE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/.cache/fillgas-validators',
);

/** Fingerprint of everything the compiled code depends on but the format functions. */
export function schemaFingerprint(schema: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify([AJV_VERSION, createAjv.toString(), compile.toString(), schema]))
    .digest('hex')
    .slice(0, 32);
}

/** The last line of a complete file: a file cut short does not end with it. */
const endMark = (key: string) => `\n// fillgas-validator ${key}\n`;

/** Compiled ajv code in, a validate function out; the formats are this process's own. */
function evaluate(code: string): ValidateFunction {
  const module = { exports: {} as unknown };
  // The code is ajv's own output for our schema, kept in the project's node_modules.
  new Function('module', 'exports', 'require', 'formats', code)(module, module.exports, require, FORMATS);
  if (typeof module.exports !== 'function') throw new Error('compiled validator is not a function');
  return module.exports as ValidateFunction;
}

function compile(schema: Record<string, unknown>): string {
  // The code names the formats `formats`, which evaluate() hands it.
  const ajv = createAjv({ code: { source: true, formats: _`formats` } });
  return standaloneCode(ajv, ajv.compile(schema));
}

function readKept(file: string, key: string): ValidateFunction | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  if (!text.endsWith(endMark(key))) return undefined;
  try {
    return evaluate(text);
  } catch {
    return undefined;
  }
}

function keep(file: string, code: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside, then renamed: another process starting at the same moment never reads a
    // half-written file (at worst both compile, and the last rename wins with the same code).
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(partial, code);
    try {
      renameSync(partial, file);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
  } catch {
    // A read-only or full disk costs the next process a compile, nothing else.
  }
}

/** A validate function for this schema: read from the cache folder, or compiled and kept there. */
export function keptValidateFunction(
  schema: Record<string, unknown>,
  cacheDir = DEFAULT_CACHE_DIR,
): ValidateFunction {
  const key = schemaFingerprint(schema);
  const file = path.join(cacheDir, `${key}.cjs`);
  const kept = readKept(file, key);
  if (kept) return kept;
  const code = compile(schema) + endMark(key);
  keep(file, code);
  return evaluate(code);
}

/** createValidator's Validator, with the compiled code kept between processes. */
export function keptValidator(schema: Record<string, unknown>, cacheDir = DEFAULT_CACHE_DIR): Validator {
  return validatorOf(keptValidateFunction(schema, cacheDir));
}
