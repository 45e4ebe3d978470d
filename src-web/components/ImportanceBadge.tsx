import { IMPORTANCE_COLOUR, isImportance } from '#shared/importance';

/** Importance colours of SPEC.md section 9: CRITICAL red, HIGH orange, MEDIUM yellow, LOW gray. */
export function importanceColour(level: unknown): string {
  return isImportance(level) ? IMPORTANCE_COLOUR[level] : 'gray';
}

export function ImportanceBadge({
  level,
  reviewed = false,
  children,
}: {
  level: unknown;
  reviewed?: boolean | null;
  children?: React.ReactNode;
}) {
  if (!isImportance(level) && !children) return null;
  return (
    <>
      <span
        className={`imp-badge imp-badge--${importanceColour(level)}`}
        data-importance={isImportance(level) ? level : undefined}
      >
        {children ?? String(level)}
      </span>
      {reviewed && (
        <span className="imp-reviewed" title="Our team reviewed this importance by hand">
          reviewed
        </span>
      )}
    </>
  );
}
