import type { ReactNode } from 'react';

/** Errors show in red boxes (SPEC.md section 8) and are announced. */
export function ErrorBox({ children, id }: { children: ReactNode; id?: string }) {
  if (!children) return null;
  return (
    <div className="error-box" role="alert" id={id}>
      {children}
    </div>
  );
}

export function SuccessBox({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div className="success-box" role="status">
      {children}
    </div>
  );
}
