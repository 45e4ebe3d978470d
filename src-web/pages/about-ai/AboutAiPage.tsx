import { Link } from 'react-router';
import { IMPORTANCE_LEVELS } from '#shared/importance';
import { ImportanceBadge } from '../../components/ImportanceBadge';
import { Loading } from '../../components/Loading';
import { ErrorBox } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import { trpc } from '../../lib/trpc';

interface RuleRow {
  id: string;
  appliesTo: string;
  when: string;
  importance: string;
}

/** Rules grouped by the filings they look at, in the order the server lists them. */
function groupRules(rules: readonly RuleRow[]): [string, RuleRow[]][] {
  const groups = new Map<string, RuleRow[]>();
  for (const rule of rules) groups.set(rule.appliesTo, [...(groups.get(rule.appliesTo) ?? []), rule]);
  return [...groups];
}

/** How filings are scored (the server's rules table) and what the optional AI model adds. */
export default function AboutAiPage() {
  const rules = trpc.filings.rules.useQuery(undefined, { staleTime: Infinity });
  return (
    <PageShell className="content-page about-ai">
      <header className="page-intro">
        <h1>How we score filings</h1>
        <p>
          Every filing gets one of four levels from a fixed set of rules you can read below. Rules come first and are
          the same for everyone; an AI model, where enabled, only adds a plain-language read on top.
        </p>
      </header>
      <section className="panel levels" aria-labelledby="levels-title">
        <h2 id="levels-title">The four levels</h2>
        <ul className="levels__list">
          {IMPORTANCE_LEVELS.map((level) => (
            <li key={level}>
              <ImportanceBadge level={level} />
              <span>
                {
                  {
                    CRITICAL:
                      'Can change the investment case overnight: bankruptcy, restatement, delisting, a large insider purchase.',
                    HIGH: 'Material news worth reading today: results, deals, leadership changes, an activist stake.',
                    MEDIUM: 'Useful context: routine reports, updates to stakes, shareholder votes, open-market sales.',
                    LOW: 'Routine paperwork: exhibits, grants and option exercises, passive holdings, planned sales.',
                  }[level]
                }
              </span>
            </li>
          ))}
        </ul>
        <p className="muted">
          When several rules hit one filing, the highest level wins and every rule that fired is listed as a reason.
        </p>
      </section>
      <section aria-labelledby="rules-title">
        <h2 id="rules-title">The rules</h2>
        {rules.isLoading && <Loading />}
        {rules.isError && <ErrorBox>The rules table could not be loaded. Please try again later.</ErrorBox>}
        {rules.data && (
          <div className="table-wrap">
            <table className="rules-table">
              <thead>
                <tr>
                  <th scope="col">Filing</th>
                  <th scope="col">When</th>
                  <th scope="col">Level</th>
                </tr>
              </thead>
              {groupRules(rules.data.rules).map(([appliesTo, group]) => (
                <tbody key={appliesTo}>
                  {group.map((rule, i) => (
                    <tr key={rule.id}>
                      {i === 0 && (
                        <th scope="rowgroup" rowSpan={group.length}>
                          {appliesTo}
                        </th>
                      )}
                      <td>{rule.when}</td>
                      <td>
                        <ImportanceBadge level={rule.importance} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
        )}
      </section>
      <section className="panel" aria-labelledby="llm-title">
        <h2 id="llm-title">What the AI does — and does not do</h2>
        <ul className="check-list">
          <li>
            For PRO subscribers, an AI language model reads the filing and writes a short plain-language analysis: what
            happened, why it may matter, and what to look at next.
          </li>
          <li>
            It never sets or changes the importance level. The level and its reasons always come from the rules above,
            so alerts stay predictable.
          </li>
          <li>
            It runs after the filing is stored, with a time limit, so it never delays an alert. Each analysis is written
            once per filing and reused.
          </li>
          <li>
            It is optional: the operator connects a model of their choice. Without one, you see the rule-based summary,
            which is always shown too.
          </li>
          <li>AI text can be wrong: treat it as a reading aid and check the filing itself on sec.gov before acting.</li>
        </ul>
        <p className="muted">
          See the views side by side on <Link to="/filing-display-comparison">filing display comparison</Link>. Nothing
          here is investment advice.
        </p>
      </section>
    </PageShell>
  );
}
