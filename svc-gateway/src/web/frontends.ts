import { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import path from 'node:path';
import { Logger } from 'pino';
import { GatewayConfig, REMOTES } from '../config';

/** Paths the single-page fallback must leave alone: the API, the remotes' files and the runtime config. */
const NOT_THE_SHELL = /^\/(api|remotes)(\/|$)|^\/app-config\.json$/;

interface ExpressLike {
  use(...handlers: unknown[]): unknown;
}

/**
 * Static files with the brotli or gzip copy the build wrote beside each bundle, when the browser
 * accepts it: compressed once at build time instead of on every request.
 */
function staticFiles(folder: string, options: { index: string | false; setHeaders?: (response: ServerResponse, file: string) => void }) {
  return expressStaticGzip(folder, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: options.index,
    serveStatic: { index: options.index, setHeaders: options.setHeaders },
  });
}

/** A chunk whose name carries its content hash (`[name].[contenthash:10].js`), its map or compressed copy. */
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css)(\.map|\.br|\.gz)?$/;

/**
 * A hashed chunk or stylesheet never changes (a new build is a new name, a remote's new version a new
 * folder), so browsers keep it a year; mf-manifest.json, masar-remote.json, remoteEntry.js and the
 * shell's index.html keep their names and are revalidated on every load.
 */
export function builtFileCacheControl(file: string): string {
  return HASHED_FILE.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built front ends on the gateway's own origin: the shell at `/` (with its
 * index.html for every client-side route) and each remote's builds at `/remotes/<name>/<version>/`
 * (from `<name>/dist/<version>/`, every version built there). A front end
 * that has not been built yet is skipped with a warning, never a crash.
 */
export function serveFrontends(app: ExpressLike, web: GatewayConfig['web'], logger: Logger): void {
  for (const remote of REMOTES) {
    const folder = path.join(web.remotesRoot, remote.folder, 'dist');
    const version = web.remoteVersions[remote.remoteName];
    if (version !== undefined && !existsSync(path.join(folder, version))) {
      logger.warn({ folder, version }, `${remote.folder} ${version} is not built: /remotes/${remote.folder}/${version}/ will answer 404`);
    }
    if (!existsSync(folder)) continue;
    app.use(
      `/remotes/${remote.folder}`,
      staticFiles(folder, { index: false, setHeaders: (response, file) => response.setHeader('Cache-Control', builtFileCacheControl(file)) }),
    );
  }

  const shellIndex = path.join(web.shellDist, 'index.html');
  const embedScript = path.join(web.shellDist, 'embed', 'masar.js');
  if (!existsSync(shellIndex)) {
    logger.warn({ folder: web.shellDist }, 'the shell is not built: only /api is served');
    return;
  }
  const shellFiles = staticFiles(web.shellDist, {
    index: 'index.html',
    setHeaders: (response, file) => {
      // main.js keeps its name too; index.html names it with a build hash (?hash), so it is not listed here.
      if (file === shellIndex || HASHED_FILE.test(path.basename(file))) response.setHeader('Cache-Control', builtFileCacheControl(file));
      // The brotli or gzip copy (masar.js.br, .gz) is the file served when the browser accepts it.
      if (file === embedScript || file.startsWith(`${embedScript}.`)) {
        // masar.js keeps its name (host pages link it), so it is revalidated like index.html, and
        // other sites' pages may load it as a script (public code, no credentials).
        response.setHeader('Cache-Control', 'no-cache');
        response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        response.setHeader('Access-Control-Allow-Origin', '*');
      }
    },
  });
  // API calls skip the file lookup: it would cost a filesystem stat on every request.
  app.use((request: Request, response: Response, next: NextFunction) =>
    request.path.startsWith('/api/') ? next() : shellFiles(request, response, next),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_THE_SHELL.test(request.path) &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) {
      next();
      return;
    }
    // The page itself must never be cached: it names the current bundle files.
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(shellIndex);
  });
}
