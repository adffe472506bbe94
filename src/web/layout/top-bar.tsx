import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { GraduationCap, LogOut } from 'lucide-react';
import { dashboardPathFor, type Role } from '@domain/roles';
import type { User } from '@domain/schemas/auth';
import { useAuth } from '@web/auth/auth-context';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';
import { roleLabel } from '@web/lib/role-label';

const navLinks: Record<Role, Array<{ label: string; to: string }>> = {
  teacher: [
    { label: 'Dashboard', to: paths.teacher.dashboard() },
    { label: 'My Courses', to: paths.teacher.courses() },
  ],
  student: [
    { label: 'Dashboard', to: paths.student.dashboard() },
    { label: 'My Courses', to: paths.student.courses() },
  ],
};

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:px-3',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
    isActive
      ? 'bg-indigo-50 text-indigo-700'
      : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900',
  );

export function TopBar({ user }: { user: User }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function handleLogout() {
    setSigningOut(true);
    await signOut();
    navigate(paths.login(), { replace: true });
  }

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:gap-6 sm:px-6 lg:px-8">
        <Link
          to={dashboardPathFor(user.role)}
          className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white">
            <GraduationCap aria-hidden="true" className="size-5" />
          </span>
          <span className="hidden text-sm font-semibold text-gray-900 sm:inline">
            AI Teaching Assistant
          </span>
        </Link>

        <nav aria-label="Main" className="flex items-center gap-1">
          {navLinks[user.role].map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <span className="hidden truncate text-sm font-medium text-gray-900 sm:inline">
            {user.full_name}
          </span>
          <Badge tone={user.role === 'teacher' ? 'indigo' : 'blue'}>{roleLabel(user.role)}</Badge>
          <Button variant="ghost" size="sm" onClick={handleLogout} disabled={signingOut}>
            <LogOut aria-hidden="true" className="size-4" />
            {/* Icon only on narrow screens; the name stays for screen readers and tests. */}
            <span className="sr-only sm:not-sr-only">Logout</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
