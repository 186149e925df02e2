import type { ChatSeverity } from '@mia/contracts';
import { Info, OctagonAlert, TriangleAlert, type LucideIcon } from 'lucide-react';

export type BadgeVariant = 'gold' | 'navy' | 'success' | 'warning' | 'danger' | 'neutral';

/** A severity's colour and icon: the higher the impact, the warmer (never colour alone). */
export const severityAppearance: Record<ChatSeverity, { variant: BadgeVariant; icon: LucideIcon }> =
  {
    low: { variant: 'neutral', icon: Info },
    medium: { variant: 'gold', icon: Info },
    high: { variant: 'warning', icon: TriangleAlert },
    critical: { variant: 'danger', icon: OctagonAlert },
  };
