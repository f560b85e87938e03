/**
 * Site paths and the files they name in public/: the one containment check that the SVG
 * inliner, the image pipeline, the fingerprints and the dev server's image middleware share.
 */
import path from 'node:path';

/**
 * The file a decoded site path ("/images/x.svg") names inside public/, or undefined when the
 * path leads outside it ("/images/../../x", which a request can spell as %2e%2e).
 */
export function insidePublic(publicDir: string, sitePath: string): string | undefined {
  const root = path.resolve(publicDir);
  const file = path.resolve(root, `.${sitePath}`);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/** The same for a path as pages write it (%-escaped); undefined too when an escape is malformed. */
export function publicFileOf(publicDir: string, url: string): string | undefined {
  try {
    return insidePublic(publicDir, decodeURI(url));
  } catch {
    return undefined;
  }
}
