import helmet from 'helmet';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

/**
 * The Content-Security-Policy the SPA and Stripe.js can live with: only our own scripts plus
 * Stripe's, Stripe's frames for card fields and 3-D Secure, inline styles for Radix/Tailwind.
 * JSON-LD blocks are not executed, so no inline script needs allowing.
 */
export const cspDirectives = (production: boolean) => ({
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'", ...STRIPE_JS],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  frameSrc: [...STRIPE_JS, 'https://hooks.stripe.com'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Over plain http://localhost in development an upgrade would break the page.
  upgradeInsecureRequests: production ? [] : null,
});

/**
 * Browser features the pages may use: none of the device APIs (camera, microphone, location,
 * sensors, USB...), so injected or third-party code cannot ask for them either. Payment stays
 * open to our own pages and Stripe.js's frames (wallet buttons use the Payment Request API).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export function securityHeaders(production: boolean): RequestHandler {
  const helmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(production) },
    // Browsers remember HSTS per host: sending it from a local http:// run would stick to localhost.
    strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    xFrameOptions: { action: 'deny' },
  }) as unknown as RequestHandler;
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

/**
 * API answers are JSON, never rendered: they get the short set OWASP suggests for REST APIs
 * instead of the page policy above, which would only add bytes to every proxied response.
 */
export function apiSecurityHeaders(production: boolean): (res: ServerResponse) => void {
  const headers: Array<[string, string]> = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ];
  if (production)
    headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return (res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}
