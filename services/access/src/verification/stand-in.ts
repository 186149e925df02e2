import { escapeHtml } from '@mia/service-kit';
import { randomBytes } from 'node:crypto';
import { brand } from '@mia/catalog';
import { gptVerifyResponseSchema, type GptVerifyResponse } from '@mia/contracts';
import express, { Router, type Request, type Response } from 'express';
import type { Access } from '../access.js';
import type { CatalogProduct } from '../catalog/product-catalog.js';
import { GPT_VERIFY_PATH } from './openapi.js';

export const STAND_IN_PATH = '/api/gpt/stand-in/:productId';

type Outcome = { kind: 'none' } | { kind: 'answer'; answer: GptVerifyResponse } | { kind: 'error' };

function page(product: CatalogProduct, outcome: Outcome, code: string, nonce: string): string {
  const name = escapeHtml(product.name.es);
  let result = '';
  if (outcome.kind === 'answer') {
    const { answer } = outcome;
    result = answer.allowed
      ? `<section class="ok" role="status"><p>${escapeHtml(answer.message)}</p>
  <p class="bubble"><strong>${name}:</strong> ¡Hola! Ya puedes conversar conmigo. ¿En qué te ayudo hoy?</p></section>`
      : `<section class="no" role="alert"><p>${escapeHtml(answer.message)}</p>
  <p><a href="/dashboard">Ir a mi panel</a></p></section>`;
  } else if (outcome.kind === 'error') {
    result =
      '<section class="no" role="alert"><p>No se pudo contactar con la API de verificación. Inténtalo de nuevo.</p></section>';
  }
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${name} · chatbot de prueba · ${escapeHtml(brand.name)}</title>
<style nonce="${nonce}">
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; line-height: 1.5; }
  .note { background: #fef3c7; border: 1px solid #f59e0b; padding: .75rem 1rem; border-radius: .5rem; }
  label { display: block; font-weight: 600; margin: 1.5rem 0 .5rem; }
  input { font: inherit; padding: .5rem; width: 100%; box-sizing: border-box; border: 1px solid #6b7280; border-radius: .375rem; letter-spacing: .05em; }
  button { font: inherit; margin-top: .75rem; padding: .5rem 1rem; background: #1d4ed8; color: #fff; border: 0; border-radius: .375rem; cursor: pointer; }
  .ok { border-left: 4px solid #15803d; padding-left: 1rem; margin-top: 1.5rem; }
  .no { border-left: 4px solid #b91c1c; padding-left: 1rem; margin-top: 1.5rem; }
  .bubble { background: #f3f4f6; padding: .75rem 1rem; border-radius: .75rem; }
  a { color: #1d4ed8; }
</style>
</head>
<body>
<main>
<h1>${name}</h1>
<p class="note">Página de prueba (solo en desarrollo): ocupa el lugar del chatbot externo. El GPT real pide tu código de acceso y lo comprueba con la API de verificación antes de ayudarte; esta página hace lo mismo.</p>
<p>Para usar esta herramienta, escribe tu código de acceso personal (código MIA). Lo encuentras en tu panel.</p>
<form method="post">
  <label for="accessCode">Tu código de acceso</label>
  <input id="accessCode" name="accessCode" autocomplete="off" spellcheck="false" placeholder="MIA-XXXX-XXXX-XXXX" value="${escapeHtml(code)}" required>
  <button type="submit">Verificar código</button>
</form>
${result}
</main>
</body>
</html>`;
}

function send(res: Response, status: number, html: string, nonce: string) {
  res
    .status(status)
    .set({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // Its own policy: no scripts at all, only this page's style block, forms to itself.
      'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    })
    .send(html);
}

/**
 * Calls the verification API over HTTP on this very service, as the external GPT would, with
 * the first configured key: the key stays on the server, so the page needs no script and no
 * secret, and the loop shown is the real one (API, key, rate limit, usage count).
 */
async function verifyThroughApi(
  access: Access,
  req: Request,
  accessCode: string,
  productId: string,
) {
  const host = req.socket.localAddress ?? '127.0.0.1';
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${req.socket.localPort}`;
  const response = await fetch(new URL(GPT_VERIFY_PATH, origin), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${access.gptKeys.primary}`,
      'content-type': 'application/json',
      'accept-language': 'es',
    },
    body: JSON.stringify({ accessCode, productId }),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status === 429) {
    const answer: GptVerifyResponse = {
      allowed: false,
      reason: 'invalid_code',
      productName: '',
      validUntil: null,
      message: 'Demasiadas verificaciones. Espera un momento e inténtalo de nuevo.',
    };
    return answer;
  }
  if (!response.ok) throw new Error(`verification API answered ${response.status}`);
  return gptVerifyResponseSchema.parse(await response.json());
}

/**
 * The development stand-in for a tool's external chatbot (GPT links point here when none is
 * configured): it asks for the access code and checks it through the verification API. Not
 * mounted in production.
 */
export function standInRoutes(access: Access): Router {
  const router = Router();
  // Any tool billing has published (retired ones too: their owners still open them).
  const productOf = (req: Request) => access.catalog.find(String(req.params.productId));

  router.get(STAND_IN_PATH, (req, res) => {
    const nonce = randomBytes(16).toString('base64');
    const product = productOf(req);
    if (!product) return void res.status(404).json({ message: 'Not found' });
    send(res, 200, page(product, { kind: 'none' }, '', nonce), nonce);
  });

  router.post(
    STAND_IN_PATH,
    express.urlencoded({ extended: false, limit: '2kb' }),
    async (req, res) => {
      const nonce = randomBytes(16).toString('base64');
      const product = productOf(req);
      if (!product) return void res.status(404).json({ message: 'Not found' });
      const body = req.body as { accessCode?: unknown } | undefined;
      const code = typeof body?.accessCode === 'string' ? body.accessCode.trim().slice(0, 64) : '';
      let outcome: Outcome;
      try {
        outcome = {
          kind: 'answer',
          answer: code
            ? await verifyThroughApi(access, req, code, product.id)
            : {
                allowed: false,
                reason: 'invalid_code',
                productName: product.name.es,
                validUntil: null,
                message: 'Escribe tu código de acceso.',
              },
        };
      } catch (err) {
        access.logger.warn({ err }, 'stand-in page could not reach the verification API');
        outcome = { kind: 'error' };
      }
      send(res, 200, page(product, outcome, code, nonce), nonce);
    },
  );
  return router;
}
