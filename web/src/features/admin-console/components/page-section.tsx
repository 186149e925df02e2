import type { ReactNode } from 'react';
import { SectionHeading } from './admin-layout';

/** A section made of other features' panels (customers, disputes, incidents), under its heading. */
export function PageSection({
  title,
  subtitle,
  action,
  children,
}: {
  title: string;
  subtitle: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <SectionHeading title={title} subtitle={subtitle} action={action} />
      <div className="grid items-start gap-6 rounded-2xl border border-cream-300/70 bg-white p-4 shadow-sm sm:p-6 lg:grid-cols-2">
        {children}
      </div>
    </>
  );
}
