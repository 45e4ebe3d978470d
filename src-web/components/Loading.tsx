import { COPY } from '#shared/copy';

export function Loading() {
  return (
    <div className="loading" role="status">
      {COPY.loading}
    </div>
  );
}
