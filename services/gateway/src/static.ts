import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '@mia/service-kit';
import { acceptedEncodings, type Encoding } from './accept-encoding.js';
import { contentTypeOf, isCompressible } from './content-types.js';
import { pathnameOf } from './routes-table.js';

/** Vite names everything under /assets/ by content hash, so it can be cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Anything else (index.html, product pictures) is revalidated with its ETag on every use. */
export const REVALIDATE = 'no-cache';

// Files up to this size are kept in memory: a site of a few MB costs no disk read per request.
const MAX_BUFFERED = 4 * 1024 * 1024;
const MIN_COMPRESSED = 1024;

export interface Body {
  readonly etag: string;
  readonly size: number;
  readonly data?: Buffer;
  readonly file: string;
}

export interface Asset {
  readonly type: string;
  readonly cacheControl: string;
  readonly identity: Body;
  readonly encoded: Partial<Record<Encoding, Body>>;
}

export interface StaticSite {
  /** False when web/dist has no index.html: the handler then explains how to build it. */
  readonly built: boolean;
  readonly handler: RequestHandler;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

const etagOf = (data: Buffer): string =>
  `"${createHash('sha1').update(data).digest('base64url').slice(0, 22)}"`;

function bodyOf(file: string): Body {
  const { size, mtimeMs } = statSync(file);
  if (size > MAX_BUFFERED)
    return { file, size, etag: `"${size.toString(36)}-${mtimeMs.toString(36)}"` };
  const data = readFileSync(file);
  return { file, size, data, etag: etagOf(data) };
}

/** The build precompresses what it can; what it left out is compressed once here, never per request. */
export function compressOnce(identity: Body): Partial<Record<Encoding, Body>> {
  const data = identity.data;
  if (!data || data.length < MIN_COMPRESSED) return {};
  const br = brotliCompressSync(data, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 9,
      [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  const variant = (bytes: Buffer): Body | undefined =>
    bytes.length < data.length
      ? { file: identity.file, size: bytes.length, data: bytes, etag: etagOf(bytes) }
      : undefined;
  const result: Partial<Record<Encoding, Body>> = {};
  const b = variant(br);
  const g = variant(gz);
  if (b) result.br = b;
  if (g) result.gzip = g;
  return result;
}

function loadAssets(distDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(distDir)) return assets;
  const files = new Set(walk(distDir));
  for (const file of files) {
    // Precompressed siblings are variants of their original, not pages of their own.
    if ((file.endsWith('.br') || file.endsWith('.gz')) && files.has(file.slice(0, -3))) continue;
    const urlPath = `/${relative(distDir, file).split(sep).join('/')}`;
    const identity = bodyOf(file);
    let encoded: Partial<Record<Encoding, Body>> = {};
    if (files.has(`${file}.br`)) encoded.br = bodyOf(`${file}.br`);
    if (files.has(`${file}.gz`)) encoded.gzip = bodyOf(`${file}.gz`);
    if (!encoded.br && !encoded.gzip && isCompressible(file)) encoded = compressOnce(identity);
    assets.set(urlPath, {
      type: contentTypeOf(file),
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      identity,
      encoded,
    });
  }
  return assets;
}

const matches = (ifNoneMatch: string | undefined, etag: string): boolean =>
  !!ifNoneMatch &&
  (ifNoneMatch.trim() === '*' ||
    ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

function send(req: IncomingMessage, res: ServerResponse, asset: Asset): void {
  const hasVariants = asset.encoded.br !== undefined || asset.encoded.gzip !== undefined;
  let body = asset.identity;
  let encoding: Encoding | undefined;
  if (hasVariants) {
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    if (accepted.br && asset.encoded.br) [body, encoding] = [asset.encoded.br, 'br'];
    else if (accepted.gzip && asset.encoded.gzip) [body, encoding] = [asset.encoded.gzip, 'gzip'];
  }

  res.setHeader('Cache-Control', asset.cacheControl);
  res.setHeader('ETag', body.etag);
  if (hasVariants) res.setHeader('Vary', 'Accept-Encoding');
  if (matches(req.headers['if-none-match'], body.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Content-Length', body.size);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (body.data) {
    res.end(body.data);
    return;
  }
  createReadStream(body.file)
    .on('error', () => res.destroy())
    .pipe(res);
}

function sendText(res: ServerResponse, status: number, type: string, text: string): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Ministerio IA</title></head>
<body><h1>La aplicación web no está compilada</h1>
<p>Ejecuta <code>npm run build -w web</code> (o <code>npm start</code>) y recarga esta página.</p>
<p>La API sigue disponible en <code>/api</code>.</p></body></html>
`;

// A last segment with a dot names a file; without one it is a client-side route of the SPA.
const looksLikeFile = (path: string): boolean =>
  path.slice(path.lastIndexOf('/') + 1).includes('.');

/**
 * Serves the built web app from memory: hashed assets cached for a year, everything else
 * revalidated, precompressed variants when the client takes them, and index.html for any
 * other page path so the SPA's router (and its own 404 page) decides what to show.
 */
/** A page made in memory (the landing page with its catalogue), revalidated like index.html. */
export function htmlAsset(html: string, file: string): Asset {
  const data = Buffer.from(html, 'utf8');
  const identity: Body = { file, size: data.length, data, etag: etagOf(data) };
  return {
    type: 'text/html; charset=utf-8',
    cacheControl: REVALIDATE,
    identity,
    encoded: compressOnce(identity),
  };
}

/** Makes the page served at `/` from the built index.html (see landing-page.ts). */
export type LandingAsset = (index: Asset) => Promise<Asset>;

export function loadStaticSite(
  distDir: string,
  logger: Logger,
  landing?: LandingAsset,
): StaticSite {
  const assets = loadAssets(distDir);
  const index = assets.get('/index.html');
  if (!index) logger.warn({ distDir }, 'web app not built: serving a placeholder page');
  else logger.info({ distDir, files: assets.size }, 'web app loaded');

  const handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(pathnameOf(req.url));
    } catch {
      return sendText(res, 400, 'text/plain; charset=utf-8', 'Bad request');
    }
    if (path === '/' && index && landing) {
      // The landing page carries the catalogue; on any failure the plain page is still served.
      landing(index).then(
        (page) => send(req, res, page),
        (err: unknown) => {
          logger.error({ err }, 'landing page not rendered: serving the plain page');
          send(req, res, index);
        },
      );
      return;
    }
    const asset = assets.get(path === '/' ? '/index.html' : path);
    if (asset) return send(req, res, asset);
    if (looksLikeFile(path) || path.startsWith('/assets/')) {
      return sendText(res, 404, 'text/plain; charset=utf-8', 'Not found');
    }
    if (index) return send(req, res, index);
    sendText(res, 503, 'text/html; charset=utf-8', NOT_BUILT_PAGE);
  };

  return { built: index !== undefined, handler };
}
