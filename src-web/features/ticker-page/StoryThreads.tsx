import { ImportanceBadge } from '../../components/ImportanceBadge';
import { formatDay } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { NoFiledDate } from '../../components/NoFiledDate';

/** The ticker's story threads: filings that belong to one story, each link with why it was made. */
export function StoryThreads({ ticker }: { ticker: string }) {
  const query = trpc.threads.forTicker.useQuery({ ticker }, { staleTime: 5 * 60_000, refetchOnWindowFocus: false });
  const data = query.data;
  if (!data || (data.threads.length === 0 && data.deadlines.length === 0)) return null;
  return (
    <section className="tp-threads" aria-labelledby="threads-title">
      <h2 id="threads-title">Story threads</h2>
      {data.deadlines.map((d) => (
        <p key={d.id} className={`tp-deadline tp-deadline--${d.status}`}>
          <strong>{d.status === 'overdue' ? `${d.form} overdue` : `Next ${d.form}`}</strong>: period ended{' '}
          {formatDay(d.period_end)}, due {formatDay(d.due_on)}
          {d.notice_filing_id ? ' (extended by a notice of late filing)' : ''}.
        </p>
      ))}
      <ol className="tp-threads__list">
        {data.threads.map((thread) => {
          const byId = new Map(thread.filings.map((f) => [f.id, f]));
          return (
            <li key={thread.id} className="tp-thread" data-testid="story-thread">
              <div className="tp-thread__head">
                <h3>{thread.title}</h3>
                {thread.status ? (
                  <span className={`tp-thread__status tp-thread__status--${thread.status}`}>
                    {thread.status === 'open' ? 'Open' : 'Closed'}
                  </span>
                ) : null}
              </div>
              <ol className="tp-thread__steps">
                {thread.filings.map((f) => {
                  const into = thread.links.find((l) => l.to_id === f.id);
                  const from = into ? byId.get(into.from_id) : undefined;
                  return (
                    <li key={f.id} className="tp-thread__step">
                      <div className="tp-thread__filing">
                        <ImportanceBadge level={f.importance} />
                        <span className="tp-thread__form">{f.form_name}</span>
                        {f.filed_date_unknown ? (
                          <NoFiledDate />
                        ) : (
                          <time dateTime={f.filed_at}>{formatDay(f.filed_at.slice(0, 10))}</time>
                        )}
                        {f.link ? (
                          <a href={f.link} target="_blank" rel="noreferrer noopener">
                            {f.one_liner}
                          </a>
                        ) : (
                          <span>{f.one_liner}</span>
                        )}
                      </div>
                      {into ? (
                        <details className="tp-thread__why">
                          <summary>
                            Follows the {from?.form_name ?? 'filing'} of{' '}
                            {from ? formatDay(from.filed_at.slice(0, 10)) : ''}: why?
                          </summary>
                          <p>{into.why}</p>
                          <table className="tp-thread__fields">
                            <thead>
                              <tr>
                                <th scope="col">Matched</th>
                                <th scope="col">Earlier filing</th>
                                <th scope="col">This filing</th>
                              </tr>
                            </thead>
                            <tbody>
                              {into.fields.map((field) => (
                                <tr key={field.field}>
                                  <th scope="row">{field.field}</th>
                                  <td>{field.from}</td>
                                  <td>{field.to}</td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        </details>
                      ) : null}
                    </li>
                  );
                })}
              </ol>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
