import type { Core } from './core.js';
import type { FormObject } from './form.js';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RouteContext {
  core: Core;
  params: FormObject;
  path: Record<string, string>;
  /** Who called: a server with the secret key, or a browser with the publishable key. */
  auth: 'secret' | 'publishable';
  expand: string[];
}

export interface Route {
  method: Method;
  /** `/v1/payment_intents/:id/confirm` */
  path: string;
  /**
   * Routes a browser may call with the publishable key (as Stripe.js does): the client secret of
   * the object the path names, which the request must present as `client_secret`.
   */
  clientSecret?: (core: Core, path: Record<string, string>) => string | null | undefined;
  handle(ctx: RouteContext): unknown;
}

interface Compiled {
  route: Route;
  pattern: RegExp;
  names: string[];
}

export type Match =
  { kind: 'found'; route: Route; path: Record<string, string> } | { kind: 'not_found' };

export function compileRoutes(routes: Route[]): (method: string, pathname: string) => Match {
  const compiled: Compiled[] = routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part.slice(1));
        return '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^${source}$`), names };
  });
  return (method, pathname) => {
    for (const { route, pattern, names } of compiled) {
      if (route.method !== method) continue;
      const match = pattern.exec(pathname);
      if (!match) continue;
      const path: Record<string, string> = {};
      names.forEach((name, index) => {
        path[name] = decodeURIComponent(match[index + 1] ?? '');
      });
      return { kind: 'found', route, path };
    }
    return { kind: 'not_found' };
  };
}
