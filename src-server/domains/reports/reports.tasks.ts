/** Background tasks of the reports domain (the list a process runs: src-server/background.ts). */
import { defineTask } from '../../jobs/registry';
import { rescoreFiling } from '../filings/filings-admin.service';
import { storedFilingId } from '../filings/store-batcher';
import { reportDiffJob } from './reports.jobs';
import { compareWithPrevious } from './reports.service';

export const reportDiffTask = defineTask({
  ...reportDiffJob,
  async handler({ priority, ...report }, { deps }) {
    if (!deps.edgar) throw new Error('reports.diff needs deps.edgar');
    const client = await deps.edgar.start();
    if (!(await compareWithPrevious(deps.db, { client, report, priority }))) return;
    // Late diff: the stored report is scored again with it (no alert is sent again).
    const id = await storedFilingId(deps.db, report.accessionNo);
    if (id != null) await rescoreFiling(deps.db, { id });
  },
});

export const reportTasks = [reportDiffTask];
