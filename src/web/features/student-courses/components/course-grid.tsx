import type { ReactNode } from 'react';

/** A titled section with a responsive grid of course cards (or its empty state). */
export function CourseGridSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function CourseGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}
