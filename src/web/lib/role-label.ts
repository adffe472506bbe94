import type { Role } from '@domain/roles';

const labels: Record<Role, string> = { teacher: 'Teacher', student: 'Student' };

export const roleLabel = (role: Role): string => labels[role];
