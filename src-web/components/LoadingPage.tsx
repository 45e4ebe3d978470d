import { Loading } from './Loading';
import { PageShell } from './PageShell';

/** A whole page still loading its data: header and footer around the loading line. */
export function LoadingPage() {
  return (
    <PageShell>
      <Loading />
    </PageShell>
  );
}
