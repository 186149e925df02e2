import { readerOf, type Decider } from '@mia/service-kit';
import { CustomerRecorded, CustomerRoleRecorded, type DirectoryEvent } from './directory-events.js';

type Role = 'user' | 'admin';

export type DirectoryCommand =
  | {
      kind: 'record-registration';
      userId: string;
      email: string;
      name: string;
      role: Role;
      registeredAt: string;
      /** Position of UserRegistered in identity's stream. */
      sourceVersion: number;
    }
  | { kind: 'record-role'; userId: string; role: Role; sourceVersion: number };

export interface DirectoryState {
  recorded: boolean;
  role: Role | null;
  /** Identity stream version the current role comes from. */
  roleVersion: number;
}

/**
 * What access knows of a user. Identity's events can arrive late, twice, or out of order across
 * replicas: a registration is recorded once; a role is taken only from a newer source version
 * than the one already known, so a late event never undoes a newer change.
 */
export const directoryDecider: Decider<DirectoryCommand, DirectoryState, DirectoryEvent> = {
  name: 'directory',
  initialState: () => ({ recorded: false, role: null, roleVersion: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'CustomerRecorded':
        // A role learned earlier from a newer event stays (see decide).
        return {
          recorded: true,
          role: state.role ?? event.data.role,
          roleVersion: state.roleVersion,
        };
      case 'CustomerRoleRecorded':
        return { ...state, role: event.data.role, roleVersion: event.data.sourceVersion };
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'record-registration': {
        if (state.recorded) return [];
        // A role change handled before the registration it follows keeps its role.
        const role =
          state.role !== null && state.roleVersion > command.sourceVersion
            ? state.role
            : command.role;
        return [
          {
            type: 'CustomerRecorded',
            data: {
              userId: command.userId,
              email: command.email.trim().toLowerCase(),
              name: command.name,
              role,
              registeredAt: command.registeredAt,
            },
          },
        ];
      }
      case 'record-role':
        if (command.sourceVersion <= state.roleVersion) return [];
        if (state.role === command.role && state.recorded) {
          return [];
        }
        return [
          {
            type: 'CustomerRoleRecorded',
            data: {
              userId: command.userId,
              role: command.role,
              sourceVersion: command.sourceVersion,
            },
          },
        ];
    }
  },
  read: readerOf<DirectoryEvent>([CustomerRecorded, CustomerRoleRecorded]),
};
