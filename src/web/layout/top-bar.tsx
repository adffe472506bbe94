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
    'rounded-md px-2 py-2 text-sm whitespace-nowrap transition-colors sm:px-3',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
    // The current page differs in weight as well as colour (WCAG 1.4.1).
    isActive
      ? 'bg-indigo-50 font-semibold text-indigo-700'
      : 'font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900',
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

  // Phones: two rows (title and name; navigation, role and Logout), the second wrapping on the
  // narrowest screens. From 640 px one row: the row wrappers dissolve (display: contents) and
  // `order` places their children. DOM order is the reading and Tab order: logo, name,
  // navigation, role, Logout.
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/90 backdrop-blur">
      <div className="mx-auto max-w-7xl px-4 py-2 sm:flex sm:h-16 sm:items-center sm:gap-6 sm:px-6 sm:py-0 lg:px-8">
        <div className="flex items-center gap-3 sm:contents">
          <Link
            to={dashboardPathFor(user.role)}
            className="flex min-w-0 flex-1 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600 sm:order-1 sm:flex-none"
          >
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white">
              <GraduationCap aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 text-sm leading-tight font-semibold break-words text-gray-900">
              AI Teaching Assistant
            </span>
          </Link>
          <span className="max-w-[50%] text-right text-sm leading-tight font-medium break-words text-gray-900 sm:order-3 sm:ml-auto sm:max-w-xs">
            {user.full_name}
          </span>
        </div>

        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 sm:contents">
          <nav
            aria-label="Main"
            className="-ml-2 flex items-center gap-0.5 sm:order-2 sm:ml-0 sm:gap-1"
          >
            {navLinks[user.role].map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>

          <div className="ml-auto flex items-center gap-2 sm:order-4 sm:ml-0 sm:gap-3">
            <Badge tone={user.role === 'teacher' ? 'indigo' : 'blue'}>{roleLabel(user.role)}</Badge>
            <Button
              variant="ghost"
              size="sm"
              onClick={handleLogout}
              disabled={signingOut}
              title="Logout"
              className="-mr-2 sm:mr-0"
            >
              <LogOut aria-hidden="true" className="size-4" />
              {/* Icon only on narrow screens; the name stays for screen readers and tests. */}
              <span className="sr-only sm:not-sr-only">Logout</span>
            </Button>
          </div>
        </div>
      </div>
    </header>
  );
}
