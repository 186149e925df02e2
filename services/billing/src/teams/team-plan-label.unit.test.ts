import { describe, expect, it } from 'vitest';
import { describedIn, teamPlanLabel } from './team-plan-label.js';

describe("a team plan's label", () => {
  const team = { name: 'Iglesia «Central» de Dios', seats: 12 };

  it('names the team and its seats in Spanish and in English', () => {
    expect(teamPlanLabel(team, 'es')).toBe(
      'Plan de equipo «Iglesia «Central» de Dios» · 12 asientos',
    );
    expect(teamPlanLabel(team, 'en')).toBe('Team plan “Iglesia «Central» de Dios” · 12 seats');
  });

  it('a stored Spanish label reads in English for an English reader; other descriptions as stored', () => {
    expect(describedIn(teamPlanLabel(team, 'es'), 'en')).toBe(teamPlanLabel(team, 'en'));
    expect(describedIn(teamPlanLabel(team, 'es'), 'es')).toBe(teamPlanLabel(team, 'es'));
    expect(describedIn('Plan Mensual', 'en')).toBe('Plan Mensual');
  });
});
