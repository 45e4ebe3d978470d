import { COPY } from '../../src-server/core/copy';

export function Loading() {
  return (
    <div className="loading" role="status">
      {COPY.loading}
    </div>
  );
}
