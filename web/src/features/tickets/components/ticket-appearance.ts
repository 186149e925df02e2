import type { TicketPriority, TicketStatus } from '@mia/contracts';
import {
  CircleCheck,
  CircleDot,
  CirclePause,
  Clock,
  Lock,
  SignalHigh,
  SignalLow,
  SignalMedium,
  Siren,
  type LucideIcon,
} from 'lucide-react';

export type BadgeVariant = 'gold' | 'navy' | 'success' | 'warning' | 'danger' | 'neutral';

/** Spec section 2: a status reads as its value with the underscores replaced by spaces. */
export const humanizeStatus = (status: string): string => status.replaceAll('_', ' ');

/** A status's label in the catalogue, or its humanized value for one the catalogue lacks. */
export const statusLabel = (status: string, labels: Record<TicketStatus, string>): string =>
  Object.hasOwn(labels, status) ? labels[status as TicketStatus] : humanizeStatus(status);

/** Spec section 4: each status has its own colour and icon (never colour alone). */
export const statusAppearance: Record<TicketStatus, { variant: BadgeVariant; icon: LucideIcon }> = {
  open: { variant: 'navy', icon: CircleDot },
  in_progress: { variant: 'gold', icon: Clock },
  on_hold: { variant: 'warning', icon: CirclePause },
  resolved: { variant: 'success', icon: CircleCheck },
  closed: { variant: 'neutral', icon: Lock },
};

/**
 * Priorities grow warmer with urgency, and carry signal icons so they never read as a status
 * badge of the same colour beside them.
 */
export const priorityAppearance: Record<
  TicketPriority,
  { variant: BadgeVariant; icon: LucideIcon }
> = {
  low: { variant: 'neutral', icon: SignalLow },
  medium: { variant: 'gold', icon: SignalMedium },
  high: { variant: 'warning', icon: SignalHigh },
  critical: { variant: 'danger', icon: Siren },
};
