/**
 * /admin/ai-feedback: what readers said about PRO AI analyses and assistant answers, newest
 * first, with the rated text, the filing and the comment; filtered on the server; each can be
 * marked reviewed (audited) or put back.
 */
import { useState } from 'react';
import { ErrorBox } from '../../../components/Notice';
import { formatExactTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { ADMIN_PAGING, AdminTable, type AdminColumn } from '../components/AdminTable';
import { FilterBar, type FilterValues } from '../components/FilterBar';

type Filters = {
  kind?: 'analysis' | 'assistant';
  vote?: 'up' | 'down';
  reviewed?: boolean;
  ticker?: string;
  q?: string;
};

function toFilters(values: FilterValues): Filters {
  return {
    ...(values.kind === 'analysis' || values.kind === 'assistant' ? { kind: values.kind } : {}),
    ...(values.vote === 'up' || values.vote === 'down' ? { vote: values.vote } : {}),
    ...(values.reviewed ? { reviewed: values.reviewed === 'yes' } : {}),
    ...(values.ticker ? { ticker: values.ticker } : {}),
    ...(values.q ? { q: values.q } : {}),
  };
}

/** The assistant's citation markers ([[acc:ACCESSION#ITEM]]) as readers see them: [ACCESSION]. */
const readable = (text: string) => text.replace(/\[\[acc:([^\]#]+)(?:#[^\]]*)?\]\]/g, '[$1]');

export default function AiFeedbackSection() {
  const [filters, setFilters] = useState<Filters>({ reviewed: false });
  const list = trpc.admin.feedback.list.useInfiniteQuery(filters, ADMIN_PAGING);
  type Item = NonNullable<typeof list.data>['pages'][number]['items'][number];
  const utils = trpc.useUtils();
  const mark = trpc.admin.feedback.markReviewed.useMutation({
    onSuccess: () => utils.admin.feedback.list.invalidate(),
  });

  const columns: AdminColumn<Item>[] = [
    {
      header: 'Vote',
      cell: (i) => (
        <span className={`admin-vote admin-vote--${i.vote}`}>
          <span aria-hidden="true">{i.vote === 'up' ? '▲' : '▼'}</span> {i.vote === 'up' ? 'Thumbs up' : 'Thumbs down'}
        </span>
      ),
    },
    {
      header: 'On',
      cell: (i) => (
        <>
          <strong>{i.kind === 'analysis' ? 'AI analysis' : 'Assistant answer'}</strong>
          {i.filing ? (
            <div>
              {i.filing.link ? (
                <a href={i.filing.link} target="_blank" rel="noreferrer">
                  {i.filing.ticker ?? ''} {i.filing.form ?? 'filing'}
                </a>
              ) : (
                `${i.filing.ticker ?? ''} ${i.filing.form ?? 'filing'}`
              )}
              {i.filing.oneLiner ? <div className="admin-feedback__muted">{i.filing.oneLiner}</div> : null}
            </div>
          ) : (
            <div className="admin-feedback__muted">No filing cited</div>
          )}
        </>
      ),
    },
    {
      header: 'What was rated',
      cell: (i) => (
        <div className="admin-feedback__text">
          {i.question ? (
            <p>
              <strong>Q:</strong> {i.question}
            </p>
          ) : null}
          <p>{i.text ? readable(i.text) : 'The text is no longer stored.'}</p>
          {i.model ? <div className="admin-feedback__muted">Model: {i.model}</div> : null}
        </div>
      ),
    },
    { header: 'Comment', cell: (i) => i.comment ?? <span className="admin-feedback__muted">No comment</span> },
    { header: 'User', cell: (i) => i.user ?? 'deleted account' },
    { header: 'When', cell: (i) => formatExactTime(i.updatedAt) },
    {
      header: 'Review',
      cell: (i) =>
        i.reviewedAt ? (
          <div>
            <div>
              Reviewed {formatExactTime(i.reviewedAt)}
              {i.reviewedBy ? ` by ${i.reviewedBy}` : ''}
            </div>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={mark.isPending}
              onClick={() => mark.mutate({ kind: i.kind, id: i.id, reviewed: false })}
            >
              Mark not reviewed
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={mark.isPending}
            onClick={() => mark.mutate({ kind: i.kind, id: i.id, reviewed: true })}
          >
            Mark reviewed
          </button>
        ),
    },
  ];

  return (
    <div className="admin-feedback">
      <p>
        Thumbs up and down from PRO readers on AI analyses of filings and on the filing assistant's answers. Mark each
        one reviewed once you have read it; every mark is in the audit log.
      </p>
      <FilterBar
        label="Filter feedback"
        initial={{ reviewed: 'no' }}
        onApply={(values) => setFilters(toFilters(values))}
        fields={[
          {
            name: 'kind',
            label: 'Kind',
            type: 'select',
            options: [
              { value: 'analysis', label: 'AI analysis' },
              { value: 'assistant', label: 'Assistant answer' },
            ],
          },
          {
            name: 'vote',
            label: 'Vote',
            type: 'select',
            options: [
              { value: 'up', label: 'Thumbs up' },
              { value: 'down', label: 'Thumbs down' },
            ],
          },
          {
            name: 'reviewed',
            label: 'Review',
            type: 'select',
            options: [
              { value: 'no', label: 'Waiting for review' },
              { value: 'yes', label: 'Reviewed' },
            ],
          },
          { name: 'ticker', label: 'Ticker', placeholder: 'AAPL' },
          { name: 'q', label: 'Words', placeholder: 'in the comment or text' },
        ]}
      />
      {mark.error ? <ErrorBox>{mark.error.message}</ErrorBox> : null}
      <AdminTable<Item>
        caption="AI feedback"
        columns={columns}
        query={list}
        rowKey={(i) => i.key}
        empty="No feedback matches. Thumbs up or down that PRO readers give an AI analysis or an assistant answer appear here, newest first."
      />
    </div>
  );
}
