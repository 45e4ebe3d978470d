import type { ReactNode } from 'react';

/** A card of labelled figures (the overview's health, an account's plan and contacts). */
export function StatCard({
  title,
  heading = 'h2',
  children,
}: {
  title: string;
  heading?: 'h2' | 'h3';
  children: ReactNode;
}) {
  const Heading = heading;
  return (
    <section className="admin-card" aria-label={title}>
      <Heading>{title}</Heading>
      <dl className="admin-stats">{children}</dl>
    </section>
  );
}

/** One figure of a StatCard; `warn` marks one that needs attention. */
export function Stat({ label, children, warn }: { label: string; children: ReactNode; warn?: boolean }) {
  return (
    <div className={warn ? 'admin-stat admin-stat--warn' : 'admin-stat'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
