import { ticketPriorities, ticketStatuses } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { es } from '@/i18n/es';
import {
  humanizeStatus,
  priorityAppearance,
  statusAppearance,
  statusLabel,
} from './ticket-appearance';

describe('ticket status labels', () => {
  it('replaces every underscore with a space', () => {
    expect(humanizeStatus('in_progress')).toBe('in progress');
    expect(humanizeStatus('a_b_c')).toBe('a b c');
    expect(humanizeStatus('open')).toBe('open');
  });

  it('reads in English exactly as the spec shows the value (underscores as spaces)', () => {
    for (const status of ticketStatuses) {
      expect(statusLabel(status, en.tickets.status)).toBe(humanizeStatus(status));
    }
  });

  it('is translated in Spanish', () => {
    expect(statusLabel('in_progress', es.tickets.status)).toBe('en progreso');
    expect(statusLabel('on_hold', es.tickets.status)).toBe('en espera');
  });

  it('falls back to the humanized value for a status the catalogue lacks', () => {
    expect(statusLabel('waiting_on_customer', es.tickets.status)).toBe('waiting on customer');
  });
});

describe('ticket badges', () => {
  it('gives each status its own colour and its own icon', () => {
    const looks = ticketStatuses.map((status) => statusAppearance[status]);
    expect(new Set(looks.map((look) => look.variant)).size).toBe(ticketStatuses.length);
    expect(new Set(looks.map((look) => look.icon)).size).toBe(ticketStatuses.length);
  });

  it('marks critical as danger and low as neutral, each priority differently', () => {
    expect(priorityAppearance.critical.variant).toBe('danger');
    expect(priorityAppearance.low.variant).toBe('neutral');
    const looks = ticketPriorities.map((p) => priorityAppearance[p]);
    expect(new Set(looks.map((look) => look.variant)).size).toBe(4);
    expect(new Set(looks.map((look) => look.icon)).size).toBe(4);
  });

  it('never gives a new ticket (open, medium) two badges of the same colour', () => {
    expect(statusAppearance.open.variant).not.toBe(priorityAppearance.medium.variant);
  });

  it('draws priorities and statuses with different icons', () => {
    const statusIcons = new Set(Object.values(statusAppearance).map((look) => look.icon));
    for (const look of Object.values(priorityAppearance)) {
      expect(statusIcons.has(look.icon)).toBe(false);
    }
  });

  it('names the priorities as the spec does in English', () => {
    expect(ticketPriorities.map((p) => en.tickets.priority[p])).toEqual([
      'Low',
      'Medium',
      'High',
      'Critical',
    ]);
  });
});
