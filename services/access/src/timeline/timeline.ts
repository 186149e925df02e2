import { formatUsd } from '@mia/catalog';
import { qualified, toIsoString, toNumber, fromJson } from '@mia/service-kit';
import type { Access } from '../access.js';
import type { ProductCatalog } from '../catalog/product-catalog.js';
import { accessCodeStreamId } from '../access-codes/access-code-events.js';
import { entitlementsStreamId } from '../entitlements/entitlement-events.js';
import { paymentsStreamId } from '../payments/payment-events.js';
import { usageStreamId } from '../usage/usage-events.js';

export type TimelineKind =
  | 'payment'
  | 'payment_failed'
  | 'refund'
  | 'grant'
  | 'extension'
  | 'suspension'
  | 'restoration'
  | 'revocation'
  | 'dispute'
  | 'open'
  | 'denied'
  | 'access_code';

// A type alias (not an interface) so it fits the contract's open object shape.
export type TimelineEntry = {
  /** The event's id in access's store. */
  id: string;
  /** When it happened (the source's time when it carries one, else when access recorded it). */
  at: string;
  kind: TimelineKind;
  /** The stored event's type, e.g. `AccessGranted`. */
  type: string;
  /** One Spanish sentence for people (the customer, support, a dispute's evidence). */
  summary: string;
  data: Record<string, unknown>;
};

/** Names tools from billing's catalogue as this replica knows it (retired ones keep theirs). */
type ScopeName = (scope: unknown) => string;
const scopeNamer =
  (catalog: ProductCatalog): ScopeName =>
  (scope) =>
    scope === 'all' ? 'todas las herramientas' : catalog.nameOf(String(scope));

const SOURCE_NAMES: Record<string, string> = {
  purchase: 'compra',
  subscription: 'suscripción',
  trial: 'prueba gratuita',
  admin: 'concedido por un administrador',
  team: 'plaza en el equipo',
  gift: 'regalo',
};
const REVOCATION_NAMES: Record<string, string> = {
  refund: 'reembolso',
  dispute: 'disputa perdida',
  subscription_ended: 'fin de la suscripción',
  admin: 'retirado por un administrador',
  team_seat_ended: 'fin de la plaza en el equipo',
};
/** A dispute's status in the timeline: inquiries and every outcome the provider reports. */
const DISPUTE_NAMES: Record<string, string> = {
  open: 'Disputa abierta sobre el pago',
  inquiry: 'Consulta del banco sobre el pago (sin pausa del acceso)',
  won: 'Disputa ganada',
  lost: 'Disputa perdida',
  warning_closed: 'Consulta del banco cerrada',
  prevented: 'Disputa evitada',
};

const VIA_NAMES: Record<string, string> = {
  dashboard: 'desde el panel',
  gpt_action: 'por el GPT (código verificado)',
  mcp: 'por un asistente MCP (código verificado)',
};

const day = (iso: unknown) => (typeof iso === 'string' ? iso.slice(0, 10) : '');
const money = (cents: unknown) => formatUsd(Number(cents));

/** The entry an event of the user's streams stands for; undefined for bookkeeping events. */
function describe(
  type: string,
  d: Record<string, unknown>,
  scopeName: ScopeName,
): { kind: TimelineKind; summary: string; at?: unknown } | undefined {
  switch (type) {
    case 'PaymentSucceededNoted':
      return {
        kind: 'payment',
        summary: `Pago de ${money(d.amountCents)}: ${String(d.description)}`,
        at: d.at,
      };
    case 'PaymentFailedNoted':
      return {
        kind: 'payment_failed',
        summary: `Pago rechazado de ${money(d.amountCents)}: ${String(d.description)} (${String(d.code)})`,
        at: d.at,
      };
    case 'PaymentRefundNoted':
      return {
        kind: 'refund',
        summary: `Reembolso ${d.full ? 'total' : 'parcial'} de ${money(d.amountCents)}`,
        at: d.at,
      };
    case 'AccessGranted': {
      const source = d.source as { kind?: string; reason?: string; teamName?: string } | undefined;
      const until = d.validUntil ? `hasta el ${day(d.validUntil)}` : 'de por vida';
      const detail = source?.reason ?? source?.teamName;
      const why = detail ? `: ${detail}` : '';
      return {
        kind: 'grant',
        summary: `Acceso a ${scopeName(d.scope)} ${until} (${SOURCE_NAMES[source?.kind ?? ''] ?? source?.kind}${why})`,
      };
    }
    case 'AccessExtended':
      return { kind: 'extension', summary: `Acceso extendido hasta el ${day(d.validUntil)}` };
    case 'AccessSuspended':
      return { kind: 'suspension', summary: 'Acceso en pausa por una disputa del pago' };
    case 'AccessRestored':
      return { kind: 'restoration', summary: 'Acceso restablecido (disputa ganada)' };
    case 'AccessRevoked':
      return {
        kind: 'revocation',
        summary: `Acceso retirado (${REVOCATION_NAMES[String(d.reason)] ?? String(d.reason)})`,
      };
    case 'DisputeNoted':
      return {
        kind: 'dispute',
        summary: `${DISPUTE_NAMES[String(d.status)] ?? `Disputa: ${String(d.status)}`} (${String(d.disputeId)})`,
      };
    case 'GptOpened':
      return {
        kind: 'open',
        summary: `Usó ${scopeName(d.productId)} ${VIA_NAMES[String(d.via)] ?? ''}`.trim(),
        at: d.at,
      };
    case 'GptAccessDenied':
      return {
        kind: 'denied',
        summary:
          `Acceso denegado a ${scopeName(d.productId)} ${VIA_NAMES[String(d.via)] ?? ''}`.trim(),
        at: d.at,
      };
    case 'AccessCodeIssued':
      return { kind: 'access_code', summary: 'Código de acceso creado', at: d.issuedAt };
    case 'AccessCodeRotated':
      return { kind: 'access_code', summary: 'Código de acceso cambiado', at: d.rotatedAt };
    default:
      return undefined;
  }
}

/**
 * A user's history from access's store, oldest first: payments, grants and their changes,
 * disputes, uses and refused verifications, access-code changes. The newest `limit` events.
 */
export async function readTimeline(
  access: Pick<Access, 'events' | 'schema' | 'catalog'>,
  userId: string,
  limit: number,
): Promise<TimelineEntry[]> {
  const streams = [
    entitlementsStreamId(userId),
    paymentsStreamId(userId),
    usageStreamId(userId),
    accessCodeStreamId(userId),
  ];
  const rows = await access.events.sql.query<{
    id: string;
    type: string;
    data: unknown;
    occurred_at: unknown;
    global_position: unknown;
  }>(
    `SELECT id::text AS id, type, data, occurred_at, global_position
     FROM ${qualified(access.schema, 'events')}
     WHERE stream_id = ANY($1::text[]) AND type <> 'SubscriptionTermNoted'
       -- A use is one entry: its v1 (every use has one; a v2 twin repeats it, usage.ts).
       AND NOT (type = 'GptOpened' AND version > 1)
     ORDER BY global_position DESC LIMIT $2::int`,
    [streams, limit],
  );
  const entries: Array<TimelineEntry & { position: number }> = [];
  for (const row of rows) {
    const data = (fromJson(row.data) ?? {}) as Record<string, unknown>;
    const described = describe(row.type, data, scopeNamer(access.catalog));
    if (!described) continue;
    const { userId: _user, ...rest } = data;
    entries.push({
      id: row.id,
      at: typeof described.at === 'string' ? described.at : toIsoString(row.occurred_at),
      kind: described.kind,
      type: row.type,
      summary: described.summary,
      data: rest,
      position: toNumber(row.global_position),
    });
  }
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.position - b.position);
  return entries.map(({ position: _p, ...entry }) => entry);
}
